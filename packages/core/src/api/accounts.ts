import { z } from 'zod';
import {
  existsEmailInput,
  existsUsernameInput,
  forgotPasswordInput,
  loginInput,
  passwordTokenInput,
  publicUserView,
  registerInput,
  resetPasswordInput,
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
  status: 201,
  summary: 'Creates an account and signs it in: the user with its token.',
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
  summary: 'Changes the e-mail address.',
  body: jsonBody(updateEmailInput),
  response: userView,
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
  summary: 'Exchanges the mailed code, once, for a reset token.',
  body: jsonBody(passwordTokenInput),
  response: z.object({ token: z.string() }),
});

export const resetPassword = contract({
  method: 'POST',
  path: '/api/user/reset-password/:token',
  access: 'public',
  summary: 'Sets a new password with the reset token, once; every session ends.',
  params: z.object({ token: z.string() }),
  body: jsonBody(resetPasswordInput),
  response: success,
});
