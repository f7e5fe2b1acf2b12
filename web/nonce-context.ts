import { createContext, useContext } from 'react';

/** The CSP nonce of the page being rendered on the server ('' in the browser). */
export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);
