import { z } from 'zod';
import { isEmail } from '../validation/predicates.ts';

/** An e-mail address by the spec's rule (§5: local part ≤ 64, domain ≤ 254). */
export const emailAddressSchema = z.string().trim().max(320).refine(isEmail, 'invalid email address');
