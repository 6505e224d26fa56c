/** The apply form's text values (the resume is a file, apart). */
export type ApplyValues = {
  job_title: string;
  fullname: string;
  date_of_birth: string;
  location: string;
  gender: string;
  email: string;
  phone: string;
  website: string;
};

export const EMPTY_APPLY: ApplyValues = {
  job_title: '',
  fullname: '',
  date_of_birth: '',
  location: '',
  gender: '',
  email: '',
  phone: '',
  website: '',
};
