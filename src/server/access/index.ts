/**
 * The one access module: who may use a route (role groups), who may create, view or edit the records of an app
 * (the app's permission rules), which records a user sees, and what a step lets them read and write (per-step field
 * rules, resolved by runtime/permissions). Every route and service asks here; nothing re-states these rules.
 */
export * from './roles.js';
export * from './modules.js';
export * from './records.js';
export * from './explain.js';
export { resolvePermissions, redactRecord } from '../../../runtime/permissions.js';
