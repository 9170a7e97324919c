import type { FastifyReply, FastifyRequest } from 'fastify';
import { MACHINE_TTL_MS, MFA_TTL_MS } from './challenges.js';

/** The short-lived marker of a sign-in waiting for its second factor (also opens the authenticator set-up page). */
export const MFA_COOKIE = 'mfa_marker';
/** A machine whose user chose "remember this machine" skips the second factor. */
export const MACHINE_COOKIE = 'remember_machine';

export const cookie = (req: FastifyRequest, name: string): string | undefined => req.cookies?.[name];

export function setMfaCookie(reply: FastifyReply, secret: string) {
  reply.setCookie(MFA_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: MFA_TTL_MS / 1000,
    secure: 'auto',
  });
}

export function clearMfaCookie(reply: FastifyReply) {
  reply.clearCookie(MFA_COOKIE, { path: '/' });
}

export function setMachineCookie(reply: FastifyReply, secret: string) {
  reply.setCookie(MACHINE_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: MACHINE_TTL_MS / 1000,
    secure: 'auto',
  });
}
