import type { LangCode, Permissions, RoleLimits, RoleTemplateKey } from '@kippu/contract';

/** Where a request came from: recorded on sessions, sign-in attempts and audit events. */
export interface StaffClient {
  address: string | null;
  userAgent: string | null;
}

/**
 * Where a session stands with the second factor: done, not needed (the role does not ask and the person has
 * none), needed (a code is due before anything else), or enrolment needed (the role asks for one and the
 * person has none yet: only enrolment is open).
 */
export type SecondFactorState = 'done' | 'not-required' | 'needed' | 'enrolment-needed';

/** A live session, as every console request sees it (console-http's ConsoleStaff is built from it). */
export interface StaffSession {
  /** The session row's id: SHA-256 of the cookie value (never the cookie value itself). */
  sessionId: string;
  staffId: number;
  email: string;
  name: string;
  lang: LangCode;
  organisationId: number;
  roleId: number;
  roleTemplate: RoleTemplateKey | null;
  permissions: Permissions;
  limits: RoleLimits;
  /** The sites the membership covers (every site of the organisation when it covers all). */
  siteCodes: readonly string[];
  allSites: boolean;
  csrfToken: string;
  secondFactor: SecondFactorState;
  totpEnabled: boolean;
  reauthenticatedAt: Date | null;
  createdAt: Date;
  absoluteExpiresAt: Date;
}

/** A session just opened: the cookie value is given out once, here, and stored only as its hash. */
export interface NewSession {
  cookieValue: string;
  sessionId: string;
  csrfToken: string;
  absoluteExpiresAt: Date;
}
