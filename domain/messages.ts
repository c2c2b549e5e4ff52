/**
 * The product's own words (SPEC.md sections 5 and 8). Every message the API returns and
 * the browser shows comes from here, so both say exactly the same thing. The front end
 * translates them by key; the English text is the catalogue's source.
 */
export const MESSAGES = {
  // Generic (SPEC section 7, 8)
  genericError: 'An error occurred',
  serverIssue: 'Apologies, but there seems to be an issue with the server. Please try again!',
  sessionTimeout: 'Session timeout.. Please login again.',
  noPageAccess: 'You do not have access to this page.',
  noAccessRedirect: "You don't have access to this page. Please contact your administrator to get access.",
  notFound: 'The requested item was not found.',
  invalidRequestBody: 'The request body is not valid JSON.',
  tenantMismatch: 'You do not have access to this organisation.',
  // Departments and divisions (SPEC section 5)
  nameRequired: 'Name is required.',
  nameMax20: 'Maximum length allowed for name is 20 characters.',
  departmentNameTaken: 'A department with this name already exists.',
  divisionNameTaken: 'A division with this name already exists.',
  departmentNotFound: 'Department not found.',
  divisionNotFound: 'Division not found.',
  invalidCursor: 'The page cursor is not valid.',
  concurrentChange: 'This item was changed by someone else. Reload it and try again.',
  // Login (SPEC section 5)
  usernameRequired: 'Username is required!',
  usernameEmail: 'Username must be a valid email address!',
  passwordRequired: 'Password is required!',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type MessageText = (typeof MESSAGES)[MessageKey];

const keyByText = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The catalogue key of a product message, so a client can show it in the user's language. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return keyByText.get(text);
}
