import { redirect } from 'react-router';

/** The account dashboard moved to /my-account; old links and bookmarks follow it. */
export function loader() {
  return redirect('/my-account', 301);
}
