import { redirect } from 'next/navigation';

/** The console starts at the overview; its layout sends visitors without a session to /login. */
export default function Home() {
  redirect('/overview');
}
