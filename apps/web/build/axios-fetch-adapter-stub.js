// Stands in for axios/lib/adapters/fetch.js in the web build: the fetch adapter is never selected.
export const getFetch = () => undefined;
export default undefined;
