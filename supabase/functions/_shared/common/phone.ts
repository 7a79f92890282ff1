// A contact phone number as the forms, the functions and the database accept it: an optional
// +, then 6 to 20 digits, spaces, brackets or hyphens. The database checks the same pattern in
// private.valid_phone (migration 20250101000000_foundation.sql), which every phone
// column's constraint calls; the test beside this file runs both on one list of samples.
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/

export const isPhoneNumber = (value: string) => PHONE_PATTERN.test(value)
