import type { RouteObject } from 'react-router';
import SignInScreen from '../screens/sign-in-screen.tsx';

const heading = (name: string) => ({ element: <h1>{name}</h1> });

/** The sign-in screen and a stand-in heading for every screen it may go on to (its tests). */
export const SIGN_IN_ROUTES: RouteObject[] = [
  { path: '/sign-in', element: <SignInScreen /> },
  { path: '/sended-mail', ...heading('Mail sent page') },
  { path: '/payment', ...heading('Payment page') },
  { path: '/confirm', ...heading('Confirm page') },
  { path: '/order', ...heading('Order page') },
];
