/**
 * Every API resource the dashboard uses, typed from the same TypeBox schemas that
 * validate the routes and make the OpenAPI document (src/interface/schemas). Pages use the
 * hooks in hooks.ts, not these functions directly.
 */
import type {
  ChangePasswordRequest,
  CreatedKey,
  CreateKeyRequest,
  Credentials,
  DashboardKey,
  Notice,
  Overview,
  ResetPasswordRequest,
  SessionInfo,
  VerifyCodeRequest,
} from '../../shared/account.ts';
import { request } from './client.ts';

export const queryKeys = {
  session: ['session'] as const,
  overview: ['account', 'overview'] as const,
  keys: ['account', 'keys'] as const,
};

export const api = {
  session: () => request<SessionInfo>('GET', '/api/session'),
  logIn: (body: Credentials) => request<SessionInfo>('POST', '/api/session', body),
  logOut: () => request<Notice>('DELETE', '/api/session'),
  logOutEverywhere: () => request<Notice>('POST', '/api/account/sessions/revoke-all'),
  signUp: (body: Credentials) => request<Notice>('POST', '/api/account/signup', body),
  resendSignupCode: (email: string) => request<Notice>('POST', '/api/account/signup/resend', { email }),
  verify: (body: VerifyCodeRequest) => request<SessionInfo>('POST', '/api/account/verify', body),
  requestPasswordReset: (email: string) => request<Notice>('POST', '/api/account/password-reset', { email }),
  resetPassword: (body: ResetPasswordRequest) => request<SessionInfo>('POST', '/api/account/password-reset/confirm', body),
  changePassword: (body: ChangePasswordRequest) => request<Notice>('POST', '/api/account/password', body),
  overview: () => request<Overview>('GET', '/api/account/overview'),
  keys: () => request<DashboardKey[]>('GET', '/api/account/keys'),
  createKey: (body: CreateKeyRequest) => request<CreatedKey>('POST', '/api/account/keys', body),
  revokeKey: (id: string) => request<Notice>('DELETE', `/api/account/keys/${encodeURIComponent(id)}`),
};
