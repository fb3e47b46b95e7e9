import { island } from '../../../ui/island.tsx';
import type { ContactFormProps } from './form-state.ts';
import '../forms.css';

/**
 * A contact form rendered on the server as Contact Form 7 renders it (its markup, classes and
 * hidden fields), which posts to the page without scripts, and sends through the feedback
 * endpoint without a reload once its code has loaded (an island: when the shopper comes
 * near, or the browser is idle).
 */
export const ContactForm = island<ContactFormProps>(() => import('./contact-form.lazy.tsx'), ['interaction', 'visible', 'idle']);
