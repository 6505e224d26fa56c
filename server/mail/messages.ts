/**
 * The words of every mail (plain text). Applicants get their id and the review time; staff
 * notices carry the kind, the id and a link, never the applicant's details (mail is not the
 * place for them: staff open the application in the staff area).
 */
import type { ReviewKind } from '../../content/review.ts';
import type { Mail } from './transport.ts';

const KIND_NAMES: Record<ReviewKind, string> = {
  spartan: 'Spartan application',
  investor: 'investor application',
};

/** The business days staff need to review an application, as the confirmation promises. */
export const REVIEW_BUSINESS_DAYS = 5;

/**
 * The applicant's confirmation. It goes to an address nobody has confirmed, so it carries no
 * text the sender typed (a "name" could be a phishing line sent in our name to anyone): a
 * greeting without the name, then our words and the id.
 */
export function confirmation(kind: ReviewKind, to: string, id: string): Mail {
  return {
    to,
    subject: `We received your ${KIND_NAMES[kind]}`,
    text: [
      'Hello,',
      '',
      `Thank you: your ${KIND_NAMES[kind]} has arrived.`,
      `Your application id is ${id}. Please quote it if you write to us.`,
      '',
      `We need ${REVIEW_BUSINESS_DAYS} business days to review it, and will be in touch after that.`,
      '',
      'The Spartans',
    ].join('\n'),
  };
}

export function staffLink(publicUrl: string, kind: ReviewKind, id: string): string {
  return `${publicUrl}/staff?${kind === 'investor' ? 'list=investors&' : ''}id=${id}`;
}

/** The link that confirms a staff member's new address for new-application mail. */
export function addressConfirmation(to: string, link: string, hours: number): Mail {
  return {
    to,
    subject: 'Confirm your new-application mail',
    text: [
      'Someone with a staff account asked for new-application mail at this address.',
      '',
      `If it was you, open this link while logged in to the staff area, within ${hours} hours:`,
      link,
      '',
      'Until then, this address gets no mail about applications. If it was not you, ignore this mail.',
    ].join('\n'),
  };
}

export function newApplicationNotice(
  kind: ReviewKind,
  to: string,
  id: string,
  publicUrl: string,
): Mail {
  return {
    to,
    subject: `New ${KIND_NAMES[kind]}`,
    text: [
      `A new ${KIND_NAMES[kind]} has arrived (id ${id}).`,
      '',
      `Open it in the staff area: ${staffLink(publicUrl, kind, id)}`,
      '',
      'You get this mail because you asked for new-application notices in the staff area.',
    ].join('\n'),
  };
}

export function digest(
  to: string,
  counts: Record<ReviewKind, number>,
  since: Date,
  publicUrl: string,
): Mail {
  const total = counts.spartan + counts.investor;
  return {
    to,
    subject: `${total} new application${total === 1 ? '' : 's'} since ${since.toISOString().slice(0, 10)}`,
    text: [
      `Since ${since.toUTCString()}:`,
      `- ${counts.spartan} new Spartan application${counts.spartan === 1 ? '' : 's'}`,
      `- ${counts.investor} new investor application${counts.investor === 1 ? '' : 's'}`,
      '',
      `Review them in the staff area: ${publicUrl}/staff`,
      '',
      'You get this daily digest because you asked for it in the staff area.',
    ].join('\n'),
  };
}
