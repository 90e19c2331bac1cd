import { z } from 'zod';
import {
  changePasswordInput,
  confirmEmailInput,
  existsEmailInput,
  existsUsernameInput,
  forgotPasswordInput,
  loginInput,
  passwordTokenInput,
  publicUserView,
  registerInput,
  resetPasswordInput,
  sessionView,
  updateEmailInput,
  updateUserInput,
  userView,
} from '../accounts';
import { contract, idParam, jsonBody } from './contract';

const success = z.object({ success: z.literal(true) });
const exists = z.object({ exists: z.boolean() });

export const register = contract({
  method: 'POST',
  path: '/api/user/register',
  access: 'public',
  summary: 'Creates an account and signs it in: the user with its token, as login answers. An empty or partial form answers "All fields are required" before anything else.',
  body: jsonBody(registerInput),
  response: userView,
});

export const login = contract({
  method: 'POST',
  path: '/api/user/login',
  access: 'public',
  summary: 'Signs in: the user with a new token.',
  body: jsonBody(loginInput),
  response: userView,
});

export const loginNative = contract({
  method: 'POST',
  path: '/api/user/login-native',
  access: 'public',
  summary: 'The mobile apps’ sign-in; the same as login.',
  body: jsonBody(loginInput),
  response: userView,
});

export const logout = contract({
  method: 'POST',
  path: '/api/user/logout',
  access: 'member',
  summary: 'Ends this session: its token stops working.',
  response: success,
});

export const fullUser = contract({
  method: 'GET',
  path: '/api/user/full',
  access: 'member',
  summary: 'The signed-in user.',
  response: userView,
});

export const simpleUser = contract({
  method: 'GET',
  path: '/api/user/simple',
  access: 'member',
  summary: 'The signed-in user in brief.',
  response: userView.pick({ _id: true, email: true, username: true, profilePicture: true }),
});

export const userById = contract({
  method: 'GET',
  path: '/api/user/obj/:id',
  access: 'member',
  summary: 'Another member’s public profile.',
  params: idParam('No user was found with that id.'),
  response: publicUserView,
});

export const emailExists = contract({
  method: 'POST',
  path: '/api/user/exists',
  access: 'public',
  summary: 'Whether an account uses this e-mail (the sign-up form checks as you type).',
  body: jsonBody(existsEmailInput),
  response: exists,
});

export const usernameExists = contract({
  method: 'POST',
  path: '/api/username/exists',
  access: 'public',
  summary: 'Whether an account uses this username.',
  body: jsonBody(existsUsernameInput),
  response: exists,
});

export const updateUser = contract({
  method: 'POST',
  path: '/api/user/update',
  access: 'member',
  summary: 'Changes the username or the newsletter choice; what is not sent stays.',
  body: jsonBody(updateUserInput),
  response: userView,
});

export const updateEmail = contract({
  method: 'POST',
  path: '/api/user/update-email',
  access: 'member',
  summary:
    'Asks to change the e-mail address (`email` and the current `password`): the old address is told, and the new one takes effect when the link mailed to it is opened (`pendingEmail` until then).',
  body: jsonBody(updateEmailInput),
  response: userView,
});

export const confirmEmail = contract({
  method: 'POST',
  path: '/api/user/confirm-email',
  access: 'public',
  summary: 'Opens the link mailed to a new address (`token` from it), once: the address becomes the account’s.',
  body: jsonBody(confirmEmailInput),
  response: z.object({ success: z.literal(true), email: z.string() }),
});

export const changePassword = contract({
  method: 'POST',
  path: '/api/user/change-password',
  access: 'member',
  summary: 'Sets a new password with the current one; every other session ends, this one stays.',
  body: jsonBody(changePasswordInput),
  response: success,
});

export const sessions = contract({
  method: 'GET',
  path: '/api/user/sessions',
  access: 'member',
  summary: 'The member’s signed-in sessions, most recently used first; `current` is this one.',
  response: z.array(sessionView),
});

export const endSession = contract({
  method: 'DELETE',
  path: '/api/user/sessions/:id',
  access: 'member',
  summary: 'Ends one of the member’s sessions.',
  params: idParam('That session does not exist or has already ended.'),
  response: success,
});

export const logoutEverywhere = contract({
  method: 'POST',
  path: '/api/user/logout-everywhere',
  access: 'member',
  summary: 'Ends every session of the member, this one included.',
  response: z.object({ success: z.literal(true), ended: z.number().int() }),
});

export const setProfileImage = contract({
  method: 'POST',
  path: '/api/user/set-profile-image',
  access: 'member',
  summary: 'Uploads a profile picture (multipart, one image): resized to 400x400, metadata stripped.',
  body: 'multipart',
  response: z.object({ image: z.string(), user: userView }),
});

export const hasSubscription = contract({
  method: 'GET',
  path: '/api/user/has-subscription',
  access: 'member',
  summary: 'Whether the member has premium, and why.',
  response: z.object({
    status: z.enum(['active', 'free-for-all', 'none']),
    premium: z.boolean(),
    activeSubscription: z.boolean(),
  }),
});

export const forgotPassword = contract({
  method: 'POST',
  path: '/api/user/forgot-password',
  access: 'public',
  summary: 'Mails a reset code when the address has an account; answers the same either way.',
  body: jsonBody(forgotPasswordInput),
  response: success,
});

export const passwordToken = contract({
  method: 'POST',
  path: '/api/user/password-token',
  access: 'public',
  summary: 'Exchanges the mailed code, once, for a reset token; with `email` only a code mailed to that address is taken. Only the newest code of an account works.',
  body: jsonBody(passwordTokenInput),
  response: z.object({ token: z.string() }),
});

export const resetPassword = contract({
  method: 'POST',
  path: '/api/user/reset-password/:token',
  access: 'public',
  summary: 'Sets a new password with the reset token, once; every session ends and the user is signed in with a new one (the user with its token, as login answers).',
  params: z.object({ token: z.string().max(100) }),
  body: jsonBody(resetPasswordInput),
  response: userView.extend({ success: z.literal(true) }),
});
