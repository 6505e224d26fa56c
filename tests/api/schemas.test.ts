/** The shared form schemas (schemas/*), as the forms and the server both run them. */
import { describe, expect, it } from 'vitest';
import { JOB_ROLE_GROUPS, JOB_ROLES, ACCREDITATION_OPTIONS } from '../../content/forms.ts';
import { validateInvestorApplication } from '../../schemas/investor-application.ts';
import { validateLogin } from '../../schemas/login.ts';
import {
  ageOn,
  resumeFileError,
  validateSpartanApplication,
} from '../../schemas/spartan-application.ts';
import { investorPayload, spartanFields } from './fixtures.ts';

describe('form choices', () => {
  it('given the job roles of docs/PRODUCT.md, then five groups hold the 29 roles in order', () => {
    expect(JOB_ROLE_GROUPS.map((g) => g.label)).toEqual([
      'Engineering',
      'Finance and Legal',
      'Product & Design',
      'Sales & Business Development',
      'Operations & HR',
    ]);
    expect(JOB_ROLES).toHaveLength(29);
    expect(JOB_ROLES[0]).toBe('Frontend Software Engineer');
    expect(JOB_ROLES).toContain('Legal Counsel – Solon 300');
    expect(ACCREDITATION_OPTIONS.map((o) => o.value)).toEqual([
      'income',
      'joint_income',
      'net_worth',
      'insider',
      'license',
    ]);
  });
});

describe('Spartan application schema', () => {
  it('given a valid form, then values come back trimmed', () => {
    const result = validateSpartanApplication(spartanFields({ fullname: '  Leonidas  ' }));
    expect(result).toMatchObject({ ok: true, value: { fullname: 'Leonidas' } });
  });

  it.each([
    ['date_of_birth', '1990-02-30', 'Enter a real date, with a four-digit year'],
    ['date_of_birth', '12/04/1990', 'Enter a real date, with a four-digit year'],
    ['date_of_birth', '2999-01-01', 'Date of birth must be in the past'],
    ['date_of_birth', '1850-01-01', 'Enter a valid date of birth'],
    ['phone', '12345', 'Enter a valid phone number'],
    ['email', 'a@b', 'Enter a valid email address'],
    ['fullname', 'x'.repeat(121), 'Use at most 120 characters'],
    ['location', 'Austin\u0000', 'Remove control characters'],
  ])('given %s = %j, then "%s"', (field, value, message) => {
    const result = validateSpartanApplication(spartanFields({ [field]: value }));
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('given a birthday tomorrow 18 years ago, then the applicant is still 17', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(ageOn('2008-06-15', today)).toBe(18);
  });

  it('given chosen files, then name and size are checked before sending', () => {
    expect(resumeFileError({ name: 'cv.PDF', size: 10 })).toBeNull();
    expect(resumeFileError({ name: 'cv.txt', size: 10 })).toBe('Upload a .pdf, .doc or .docx file');
    expect(resumeFileError({ name: 'cv.pdf', size: 5 * 1024 * 1024 + 1 })).toBe(
      'The file must be at most 5 MB',
    );
  });
});

describe('investor and login schemas', () => {
  it('given a valid investor form, then it passes; an unknown accreditation does not', () => {
    expect(validateInvestorApplication(investorPayload()).ok).toBe(true);
    expect(validateInvestorApplication(investorPayload({ accreditation: 'rich' }))).toEqual({
      ok: false,
      errors: { accreditation: 'Choose how you qualify as an accredited investor' },
    });
  });

  it('given a password with spaces around it, then it is kept exactly', () => {
    const result = validateLogin({ username: ' ada ', password: '  secret  ' });
    expect(result).toEqual({ ok: true, value: { username: 'ada', password: '  secret  ' } });
  });
});
