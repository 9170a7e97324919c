import { describe, expect, it } from 'vitest';
import { escalations, rank, teamNameProblem, usernameProblem } from './rules.js';

const f = (s: string) => ({
  isSysAdmin: s.includes('a'),
  isAdministrator: s.includes('d'),
  isFullUser: s.includes('f'),
  isConsultant: s.includes('c'),
});

describe('people rules', () => {
  it('ranks roles and finds escalations', () => {
    expect(rank(f(''))).toBe(0);
    expect(rank(f('fc'))).toBe(2);
    expect(escalations(f('d'), f(''), f('da'))).toEqual(['sysAdmin']);
    expect(escalations(f('c'), f(''), f('cf'))).toEqual([]);
    expect(escalations(f('c'), f('d'), f('d'))).toEqual([]);
  });
  it('checks user and team names', () => {
    expect(usernameProblem('x'.repeat(65))).toBe('Cannot exceed 64 characters');
    expect(usernameProblem('ann smith')).toBe('Cannot contain special characters');
    expect(usernameProblem('ann.smith@acme')).toBeUndefined();
    expect(teamNameProblem('1st')).toBe('Cannot start with a number');
    expect(teamNameProblem('Finance team')).toBeUndefined();
  });
});
