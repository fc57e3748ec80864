import type { Messages } from './messages.ts';

export const tr: Messages = {
  siteName: 'Tabayyun',
  tagline: 'Arapça öncelikli bir doğruluk kontrolü platformu',
  homeEmpty: 'Henüz hiçbir şey yayımlanmadı.',
  notFoundTitle: 'Sayfa Bulunamadı',
  notFoundBody: 'Aradığınız sayfayı bulamadık. Taşınmış ya da kaldırılmış olabilir veya bağlantı hatalı.',
  backHome: 'Ana sayfaya dön',
  errorTitle: 'Bir hata oluştu',
  errorBody: 'Bu sayfa gösterilemedi. Lütfen biraz sonra yeniden deneyin.',
};
