import { describe, expect, it } from 'vitest';
import { auditReach } from './audit-readers.ts';

// Who reads which audit entries (decision 109), as the table says it: by role.

describe('the audit log readers', () => {
  it("the privacy role reads the consumers' entries, the refusals and the retention job, nothing of promoters or staff", () => {
    const reach = auditReach(['privacy']);
    expect(reach.verbs.filter((v) => !v.startsWith('consumers.'))).toEqual(['access.denied', 'access.not_found', 'retention.run']);
    expect(reach.objectTypes).toEqual(['territory', 'consumer', 'subject_request']);
    expect(reach.promoterActors).toBe(false);
  });

  it("admin reads everything but the consumers' entries", () => {
    const reach = auditReach(['admin']);
    expect(reach.verbs.some((v) => v.startsWith('consumers.'))).toBe(false);
    expect(reach.verbs).toEqual(expect.arrayContaining(['promoters.update', 'actions.assign', 'auth.login_failed', 'exports.actions']));
    expect(reach.objectTypes).not.toContain('consumer');
    expect(reach.promoterActors).toBe(true);
  });

  it('roles without audit.read reach no refusal; an unknown role reaches nothing', () => {
    expect(auditReach(['coordinator']).verbs).not.toContain('access.denied');
    expect(auditReach(['nobody'])).toEqual({ verbs: [], objectTypes: [], promoterActors: false });
  });
});
