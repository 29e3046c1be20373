// wpapi ships no types; the tests use it as its README shows, so `any` is what it is.
declare module 'wpapi' {
  const WPAPI: any;
  export default WPAPI;
}
