/**
 * English messages of the live chat (socket errors, HTTP answers, e-mails): a catalog of its
 * own, so pages without the chat do not load them.
 */
export const enChat = {
  'chat.invalid': 'The request was not understood.',
  'chat.unauthorized': 'Your chat session has expired; reconnecting.',
  'chat.notFound': 'No such conversation.',
  'chat.closed': 'This conversation has ended.',
  'chat.rateLimited': 'Too many messages at once; slow down a little.',
  'chat.tooLong': 'A message may have at most {max} characters.',
  'chat.empty': 'Type a message first.',
  'chat.alreadyLogged': 'You are already chatting from another window or device with this e-mail address.',
  'chat.guestLimit': 'All our operators are busy. Please wait a moment: you will be connected as soon as one is free.',
  'chat.notLoggedIn': 'Start the chat with your name and e-mail first.',
  'chat.operatorsOnly': 'Only operators may do this.',
  'chat.taken': 'Another operator has already accepted this conversation.',
  'chat.fieldEmpty': 'Please fill in this field.',
  'chat.invalidEmail': 'Enter a valid e-mail address.',
  'chat.invalidUsername': 'The name may hold only letters, digits, spaces and - . @ _',
  'chat.gdpr': 'Please accept the privacy policy.',
  'chat.closingMessage': '{name} has ended the chat.',
  'chat.offlineOff': 'The contact form is not available.',
  'chat.offlineTooMany': 'You have sent several messages already; please try again later.',
  'chat.offlineSent': 'Thank you, your message has been sent. We will reply by e-mail.',
  'chat.offlineStored': 'Thank you, your message has been received. We will reply by e-mail.',
  'chat.offlineSubject': 'Chat message from {name}',
  'chat.offlineHeading': 'A visitor left a message while no operator was online',
  'chat.offlineFrom': 'From {name} <{email}>',
  'chat.offlinePage': 'Page: {page}',
  'chat.evaluated': 'Thank you for your feedback.',
  'chat.transcriptSubject': 'Your chat with {store}',
  'chat.transcriptHeading': 'Your conversation of {date}',
  'chat.transcriptIntro': 'Here is a copy of your chat, as you asked.',
  'chat.guestName': 'Guest-{number}',
} as const;

export type ChatMessageKey = keyof typeof enChat;
