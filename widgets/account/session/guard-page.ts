/**
 * The login-required guard's entry (login-guard.ts), loaded by Base.astro in the head of a page whose route
 * says "Login: yes" (site/routes.ts), right after the token bootstrap (page-session.ts).
 */
import { guardPage } from './login-guard.tsx';

void guardPage();
