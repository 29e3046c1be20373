/** The name of the login session cookie: the runtime sets it, the OpenAPI document declares it. */
export const SESSION_COOKIE = 'specpress_logged_in';
