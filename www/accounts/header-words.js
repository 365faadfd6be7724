// @ts-check
// The words of the account link in every page's header (header.js).

export const HEADER_WORDS = {
  en: {
    'hdr.signIn': 'Sign in',
  },
  pt: {
    'hdr.signIn': 'Entrar',
  },
  it: {
    'hdr.signIn': 'Accedi',
  },
};
