import type { SeedFactcheck } from './factchecks.ts';

/** Turkish items: four translations of published Arabic fact-checks and two originals. */
export const factchecksTr: SeedFactcheck[] = [
  {
    _id: '0e000000000000000000004b',
    status: 'published',
    language: 'tr',
    translationOf: '0e0000000000000000000011',
    author: '0a0000000000000000000005',
    mediaSource: ['0b0000000000000000000002', '0b0000000000000000000006'],
    title: 'Geçici koruma altındaki tüm Suriyelilerin bir ay içinde sınır dışı edileceği iddiası asılsız',
    description:
      'Göç İdaresi Başkanlığına atfedilen ve tüm geçici koruma sahiplerinin otuz gün içinde sınır dışı edileceğini öne süren belge sahtedir.',
    content:
      "<p>Telegram ve WhatsApp'ta Türkçe yazılmış ve Arapça çevirisi eklenmiş bir belgenin görüntüsü yayıldı. Belgede, Göç İdaresi Başkanlığının tüm Suriyelilerin geçici korumasını iptal ettiği ve otuz gün içinde sınır dışı edileceği iddia ediliyordu.</p><p>Tabayyun ekibi belgeyi bir Türkçe çevirmenle birlikte inceledi. Belgede resmi yazışmalarda görülmeyen dil bilgisi hataları bulunuyor; evrak numarası da kamu kurumlarının kullandığı ve her belgenin e-Devlet üzerinden doğrulanmasına imkân tanıyan elektronik numaralandırma sistemine uymuyor.</p><p>Belgedeki doğrulama kodunu e-Devlet'e girdiğimizde kayıt bulunamadı. Göç İdaresi Başkanlığı da internet sitesinde ya da resmi hesaplarında böyle bir karar yayımlamadı.</p>",
    claims:
      '<p>"Resmî karar: Türkiye\'deki tüm Suriyelilerin kimliği iptal edildi, ülkeyi terk etmek için otuz gün süre verildi."</p>',
    againstClaim:
      '<p>Belge e-Devlet doğrulamasından geçmiyor, dil hataları içeriyor ve bu içerikte bir karar açıklanmadı.</p>',
    conclusion:
      '<p>Belge sahtedir; geçici koruma sahiplerinin toplu olarak sınır dışı edilmesine ilişkin bir karar bulunmuyor.</p>',
    category: 'fraud',
    evaluation: [
      {
        category: 'fabricated-content',
        description: 'Devlet sistemlerinde doğrulanamayan, uydurma bir resmi belge.',
        score: -2,
      },
    ],
    topic: ['refugees', 'politics'],
    country: ['turkey', 'syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/turkey-migration/announcements">Göç İdaresi Başkanlığı duyuruları</a></li><li><a href="https://example.net/e-gov/document-verification">Belge doğrulama hizmeti</a></li></ul>',
    sources:
      "<p>Türkiye'deki Suriyelilere yönelik Telegram kanalları ile İstanbul ve Gaziantep'teki WhatsApp grupları.</p>",
    publishedAt: '2024-11-21T15:30:00.000Z',
    createdAt: '2024-11-21T12:45:00.000Z',
  },
  {
    _id: '0e000000000000000000004c',
    status: 'published',
    language: 'tr',
    translationOf: '0e0000000000000000000015',
    author: '0a0000000000000000000001',
    mediaSource: ['0b000000000000000000000a', '0b0000000000000000000004'],
    title: "2023 depreminde Malatya'da çöken binanın videosu Hama'daymış gibi paylaşıldı",
    description:
      "Şubat 2023 depreminin yıl dönümünde, Malatya'da bir binanın çöktüğü anları gösteren video Suriye'nin Hama kentinden olduğu iddiasıyla yeniden paylaşıldı.",
    content:
      "<p>Facebook ve TikTok'taki bazı sayfalar, çok katlı bir konut binasının çöküşünü gösteren bir video paylaşarak görüntülerin Hama'nın Erbain mahallesinde çekildiğini ve \"yeni sarsıntıların\" yolda olduğunu öne sürdü.</p><p>Tabayyun ekibi videodan alınan kareler üzerinde tersine görsel arama yaptı. Videonun ilk kez 6 Şubat 2023'te Türk hesaplarında paylaşıldığı ve Malatya'da çöken bir binayı gösterdiği anlaşıldı. Görüntülerde Türkçe tabelalar ve il kodu taşıyan bir araç plakası seçiliyor.</p><p>Videonun yayıldığı günlerde Hama çevresinde hissedilir bir deprem kaydedilmedi.</p>",
    claims: '<p>"Hama\'nın Erbain mahallesinde bir binanın çöktüğü an... Allah sonrasından korusun."</p>',
    againstClaim:
      "<p>Video, Şubat 2023 depreminde Türkiye'nin Malatya ilinde çekildi; Hama'da son dönemde hissedilir bir deprem kaydedilmedi.</p>",
    conclusion:
      "<p>Video gerçek ancak eski ve Türkiye'ye ait; bağlamından koparılarak yeniden paylaşıldı.</p>",
    category: 'confounding',
    evaluation: [
      {
        category: 'out-of-context',
        description: "Türkiye'deki 2023 depremine ait görüntüler Hama'ya mal edildi.",
        score: -1,
      },
    ],
    topic: ['society', 'humanitarian'],
    country: ['syria', 'turkey'],
    tags: [],
    references:
      '<ul><li><a href="https://example.com/video/malatya-building-collapse-2023">Malatya\'daki orijinal video</a></li><li><a href="https://example.org/seismic-center/recent-events">Son depremler kaydı</a></li></ul>',
    sources: '<p>Facebook sayfaları, TikTok videoları ve Telegram kanalları.</p>',
    publishedAt: '2025-02-07T12:00:00.000Z',
    createdAt: '2025-02-07T09:30:00.000Z',
  },
  {
    _id: '0e000000000000000000004d',
    status: 'published',
    language: 'tr',
    translationOf: '0e000000000000000000001d',
    author: '0a0000000000000000000007',
    mediaSource: ['0b0000000000000000000003'],
    title: "Orman yangını videosu Lazkiye kırsalından değil, 2021'de Antalya'dan",
    description:
      "Antalya'daki büyük bir orman yangınına ait video, Lazkiye kırsalında süren yangınlardan olduğu iddiasıyla yeniden paylaşıldı.",
    content:
      "<p>Lazkiye kırsalında yangınlar başlamasının ardından, sahil kasabası yakınlarındaki bir yamaçta ormanı saran dev alevleri gösteren bir video yayıldı ve Kastal Maaf bölgesine mal edildi.</p><p>Tabayyun ekibi aynı videonun Ağustos 2021'de Antalya'nın Manavgat ilçesindeki yangınlara ilişkin haberlerde yayımlandığını tespit etti. Coğrafi eşleştirme, kıyı şeridinin ve karenin alt kısmında görülen otelin o bölgede bulunduğunu gösteriyor.</p><p>Lazkiye kırsalındaki ormanlarda gerçekten yangınlar yaşanıyor; Sivil Savunma bunları resmî kanallarında paylaştığı fotoğraf ve videolarla belgeledi.</p>",
    claims: '<p>"Ateş şu anda Kastal Maaf ormanlarını yutuyor... Manzara korkunç."</p>',
    againstClaim:
      "<p>Video 2021'deki Antalya yangınlarına ait; Lazkiye kırsalında ise şu anda gerçekten yangınlar sürüyor.</p>",
    conclusion:
      '<p>Video bağlamından koparılmış; ilişkilendirildiği olay gerçek ancak görüntüler farklı.</p>',
    category: 'confounding',
    evaluation: [
      {
        category: 'out-of-context',
        description: "Türkiye'den eski bir video Suriye'de süren bir olaya mal edildi.",
        score: -1,
      },
    ],
    topic: ['society', 'humanitarian'],
    country: ['syria', 'turkey'],
    tags: [],
    references:
      '<ul><li><a href="https://example.com/video/manavgat-wildfire-2021">2021 Manavgat yangınlarının özgün haberi</a></li><li><a href="https://example.org/civil-defence/latakia-fires">Sivil Savunma\'nın Lazkiye yangınları görüntüleri</a></li></ul>',
    sources: '<p>X ve TikTok hesapları ile Telegram kanalları.</p>',
    publishedAt: '2025-07-17T19:00:00.000Z',
    createdAt: '2025-07-17T16:30:00.000Z',
  },
  {
    _id: '0e000000000000000000004e',
    status: 'published',
    language: 'tr',
    translationOf: '0e0000000000000000000023',
    author: '0a0000000000000000000006',
    mediaSource: ['0b0000000000000000000009'],
    title: 'Doğru: Göç İdaresi geçici koruma sahipleri için adres güncelleme süresini uzattı',
    description:
      'Tabayyun, Göç İdaresi Başkanlığının Suriyelilerin ikamet adreslerini güncellemesi için tanınan süreyi uzattığını doğruladı.',
    content:
      "<p>Türkiye'deki Suriyeliler arasında, bilgilerini güncellemeyenlerin kayıtlarının durdurulacağı endişeleri sürerken, geçici koruma sahipleri için adres güncelleme süresinin uzatıldığı haberi yayıldı.</p><p>Tabayyun ekibi Göç İdaresi Başkanlığının resmî internet sitesindeki duyuruyu inceledi. Duyuruda sürenin ek bir dönem için uzatıldığı ve il göç idaresi müdürlüklerine ya da nüfus müdürlüklerine başvurulması gerektiği belirtiliyor. Resmî Türk medyası da haberi aynı ayrıntılarla aktardı.</p><p>Gerekli belgeler için özgün duyurunun incelenmesini öneriyoruz.</p>",
    claims: '<p>"Türkiye\'deki Suriyeliler için adres güncelleme süresi uzatıldı, paniğe gerek yok."</p>',
    againstClaim: '<p>Haber doğru ve Göç İdaresi Başkanlığının resmî duyurusuna dayanıyor.</p>',
    conclusion: '<p>İddia doğru.</p>',
    category: 'confirmed',
    evaluation: [
      {
        category: 'true',
        description: 'Yayımlanmış resmî bir duyuruyla örtüşüyor.',
        score: 2,
      },
    ],
    topic: ['refugees'],
    country: ['turkey', 'syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/turkey-migration/address-update-extension">Süre uzatımı duyurusu</a></li></ul>',
    sources: "<p>Türkiye'deki Suriyelilere ait Facebook ve Telegram grupları.</p>",
    publishedAt: '2025-11-15T16:00:00.000Z',
    createdAt: '2025-11-15T13:20:00.000Z',
  },
  {
    _id: '0e000000000000000000004f',
    status: 'published',
    language: 'tr',
    author: '0a0000000000000000000008',
    mediaSource: ['0b0000000000000000000005'],
    title: 'Suriyelilere sınavsız ve ücretsiz üniversite hakkı tanındığı iddiası asılsız',
    description:
      "YÖK'e atfedilen ve tüm Suriyeli öğrencilerin sınavsız ve ücretsiz olarak üniversiteye yerleştirileceğini öne süren paylaşımlar gerçeği yansıtmıyor.",
    content:
      "<p>Facebook ve TikTok'ta, Yükseköğretim Kurulu (YÖK) logosu taşıyan bir görselle birlikte \"Suriyeli öğrenciler bu yıldan itibaren sınavsız ve harçsız üniversiteye yerleştirilecek\" iddiası yayıldı.</p><p>Tabayyun ekibi YÖK'ün resmî duyurularını ve Resmî Gazete'yi taradı; bu yönde bir karara rastlamadı. Görseldeki logonun eski bir sürüm olduğu, metindeki tarih biçiminin de kurumun yazışmalarında kullanılan biçimle uyuşmadığı görüldü.</p><p>Yabancı uyruklu öğrencilerin üniversitelere kabulü, her üniversitenin ilan ettiği koşullar ve kontenjanlar çerçevesinde yapılmaya devam ediyor.</p>",
    claims:
      '<p>"Müjde: Suriyeli öğrenciler bu yıldan itibaren sınavsız ve ücretsiz olarak üniversiteye yerleştirilecek."</p>',
    againstClaim:
      "<p>YÖK'ün duyurularında ve Resmî Gazete'de böyle bir karar bulunmuyor; paylaşılan görsel eski bir logo ve hatalı tarih biçimi içeriyor.</p>",
    conclusion: '<p>İddia uydurmadır.</p>',
    category: 'fraud',
    evaluation: [
      {
        category: 'fabricated-content',
        description: 'Resmî bir kuruma atfedilen uydurma bir karar.',
        score: -2,
      },
    ],
    topic: ['refugees', 'society'],
    country: ['turkey', 'syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/yok/announcements">YÖK duyuruları</a></li><li><a href="https://example.org/resmi-gazete/search">Resmî Gazete arama</a></li></ul>',
    sources: '<p>Facebook sayfaları ve TikTok videoları.</p>',
    publishedAt: '2025-08-15T09:00:00.000Z',
    createdAt: '2025-08-13T15:30:00.000Z',
  },
  {
    _id: '0e0000000000000000000050',
    status: 'published',
    language: 'tr',
    author: '0a0000000000000000000003',
    mediaSource: ['0b0000000000000000000008'],
    title: "Gaziantep'te çekilen sel görüntüleri Halep'teymiş gibi paylaşıldı",
    description:
      "Sağanak yağış sonrası su basan bir alt geçidi gösteren video Halep'ten olduğu iddiasıyla yayıldı; görüntüler Gaziantep'te çekildi.",
    content:
      "<p>Halep'te etkili olan yağışların ardından, su basan bir alt geçitte mahsur kalan araçları gösteren bir video \"Halep'te bugün\" notuyla paylaşıldı.</p><p>Tabayyun ekibi videodaki yol tabelalarını ve arka plandaki bina cephelerini inceledi. Tabelalardaki Türkçe yazılar ve belediye logosu, görüntülerin Gaziantep'te çekildiğini gösteriyor. Tersine görsel arama, videonun bir gün önce yerel bir Türk haber sitesinde yayımlandığını ortaya koydu.</p><p>Halep'te yağışların bazı sokaklarda su birikintisine yol açtığı doğru, ancak paylaşılan video bu olayı belgelemiyor.</p>",
    claims: '<p>"Halep\'te bugün: alt geçit suyla doldu, araçlar mahsur kaldı."</p>',
    againstClaim: "<p>Video Gaziantep'te çekildi ve bir gün önce Türk medyasında yayımlandı.</p>",
    conclusion: '<p>Görüntüler gerçek ancak başka bir şehre ait; bağlamından koparılarak paylaşıldı.</p>',
    category: 'confounding',
    evaluation: [
      {
        category: 'out-of-context',
        description: "Türkiye'de çekilen video Halep'e mal edildi.",
        score: -1,
      },
    ],
    topic: ['society'],
    country: ['syria', 'turkey'],
    tags: [],
    references:
      '<ul><li><a href="https://example.com/news/gaziantep-underpass-flood">Özgün haber ve video</a></li></ul>',
    sources: '<p>X hesapları ve WhatsApp grupları.</p>',
    publishedAt: '2026-03-20T14:10:00.000Z',
    createdAt: '2026-03-19T10:00:00.000Z',
  },
];
