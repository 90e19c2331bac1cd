/**
 * Every sentence the seeds quote, word for word (their spelling included), so the server and the
 * web app say the same thing.
 */
export const messages = {
  allFieldsRequired: 'All fields are required',
  loginFailed: 'Your username or password was incorrect.',
  emailTaken: 'That email is already taken, please try a different email, or log in.',
  usernameTaken: 'That username is already taken, please try a different email, or log in.',
  emailInvalid: 'The email you entered is not valid, please double check it.',
  passwordsMustMatch: 'The passwords must match, currently they do not. Please update them and resubmit.',
  resetEmailSent: 'An Email has been sent to you - follow the link inside of it.',
  resetCodePrompt:
    'A Password Reset code has been sent to your email. Please check for it and enter your code here.',
  allowanceExceeded:
    'You have exceded for free log allowance for the month. To create more logs start a subscription today.',
  draftCreated: 'You have successfully created a DRAFT. You should go back and complete it later.',
  geolocationDisabled:
    'You currently have geolocation disabled. Logging will not work without this feature enabled.',
  geolocationUnavailable: 'Geolocation no available',
  importNeedsSubscription: 'You need an active subscription to utilize The Inner Circle.',
  notAvailableYet: 'This page is not available yet',
  cardRequired: 'You must have a card on record to purchase a subscription',
  cardNotSelected: 'You must have a card selected purchase a subscription',
  cardInvalid: 'You must enter a valid card to add one to your account.',
  cardError: 'There was an error processing your card.',
  promoInvalid: 'That is not a valid promotion code.',
} as const;
