/** The investor form's values (the self-certification is a checkbox, apart). */
export type InvestValues = {
  fullname: string;
  email: string;
  phone: string;
  location: string;
  accreditation: string;
  investment_range: string;
  message: string;
  website: string;
};

export const EMPTY_INVEST: InvestValues = {
  fullname: '',
  email: '',
  phone: '',
  location: '',
  accreditation: '',
  investment_range: '',
  message: '',
  website: '',
};

export const CERTIFY_ERROR = 'Confirm that you qualify as an accredited investor';
