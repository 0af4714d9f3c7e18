import { MESSAGES } from '../../../../contract/index.ts';

/** Every text of step 7 (doc 3 sections 2, 6, 8), keyed (STYLE.md habit 7); the spec's are word for word where it words them. */
export const THANK_YOU_TEXTS = {
  // doc 3 section 2, variant 1: after payment
  purchased: 'Thank you for your purchase! Your policy is bound.',
  binderNumber: 'Binder number',
  policyNumber: 'Policy number',
  // ours (issue 19): what the card was charged, as the payment record says
  paidToday: 'Paid today',
  emailAddress: 'E-mail',
  nextHeading: 'What happens next',
  documentsEmail: (email: string) => `An email with your policy documents is on its way to ${email}.`,
  documentsEmailNoAddress: 'An email with your policy documents is on its way to you.',
  odometerText: 'A text message with a link for your initial odometer photo is on its way to your mobile phone.',
  notIssued: 'Your policy is not issued until we receive your signed documents and a valid initial odometer photo.',

  // doc 3 section 2, variant 3: an anonymous quote
  quoteThanks: 'Thank you for your quote.',
  quoteNumber: 'Quote number',
  quoteKeep: 'Keep your quote number: our customer care concierges can find your quote with it.',
  continueHome: 'Continue to Homepage',

  // doc 3 section 2: "Account creation form (visitors): password, verify password, with a live checklist"
  accountHeading: 'Create your account',
  accountLead: (email: string) => `Manage your policy online: choose a password for your account with ${email}.`,
  password: 'Password',
  verifyPassword: 'Verify Password',
  checklistLabel: 'Your password needs',
  checks: {
    length: 'At least 10 characters',
    number: 'A number',
    upper: 'An upper-case letter',
    lower: 'A lower-case letter',
    special: 'One of ! @ # $ % ^ & * ) ( + = . _ -',
    match: 'Both passwords match',
  },
  met: 'done',
  notMet: 'not yet',
  createAccount: 'Create Account',
  // ours: the signed-in variant (issue 9): no sign-up form, the way to the account instead
  signedInHeading: 'Your account',
  signedInLead: 'You are signed in. Your policies and saved quotes are in your account.',
  signedInLink: 'Go to My Account',
  // doc 3 section 8
  signUpSuccess: MESSAGES.signUpSuccess,
  signUpFailure: MESSAGES.callUs,
} as const;

/** doc 3 section 9: "Sign-up success toast 10 seconds"; then home (doc 3 section 4). */
export const SIGN_UP_TOAST_MS = 10_000;
