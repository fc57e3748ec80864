// The publication's social accounts and follower counts as shown on the home page (spec §2: 38, 20,
// 12, 5.9 and 792). Addresses are the accounts' public pages; change them here only.
import type { IconName } from './components/icons.tsx';

export interface SocialAccount {
  icon: IconName;
  name: string;
  url: string;
  followers: string;
}

export const SOCIAL_ACCOUNTS: SocialAccount[] = [
  { icon: 'facebook', name: 'Facebook', url: 'https://www.facebook.com/tabayyun.sy', followers: '38K' },
  { icon: 'x', name: 'X', url: 'https://x.com/tabayyun_sy', followers: '20K' },
  { icon: 'telegram', name: 'Telegram', url: 'https://t.me/tabayyun_sy', followers: '12K' },
  { icon: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/tabayyun.sy', followers: '5.9K' },
  { icon: 'youtube', name: 'YouTube', url: 'https://www.youtube.com/@tabayyun_sy', followers: '792' },
];

export const CONTACT_EMAIL = 'contact@tabayyun.example.org';
