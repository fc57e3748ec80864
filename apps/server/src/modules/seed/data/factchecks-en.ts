import type { SeedFactcheck } from './factchecks.ts';

/** English items: six translations of published Arabic fact-checks and two originals. */
export const factchecksEn: SeedFactcheck[] = [
  {
    _id: '0e0000000000000000000043',
    status: 'published',
    language: 'en',
    translationOf: '0e0000000000000000000001',
    author: '0a0000000000000000000001',
    mediaSource: ['0b0000000000000000000001', '0b0000000000000000000004'],
    title: 'Old photo of bread queues shared as if taken in Aleppo today',
    description:
      'A photo of a long queue outside a bakery was shared as if taken in Aleppo this week. A reverse image search shows it has been online since 2021.',
    content:
      "<p>Pages on Facebook and Telegram circulated a photo of dozens of people lined up at a bakery window, captioned as having been taken in Aleppo's al-Sha'ar neighbourhood this morning after flour deliveries stopped.</p><p>Tabayyun ran the image through several reverse image search engines. The earliest copy we found was posted in February 2021 by a local page covering the bread shortage at the time.</p><p>The heavy winter clothing in the photo also does not match the mild weather Aleppo saw on the day in question, and residents told us the bakery sign visible in the background belongs to a bakery that has been closed for maintenance since 2023.</p>",
    claims:
      '<p>"Bread queues are back in Aleppo. This was the scene this morning in al-Sha\'ar, and the flour never reached the bakeries."</p>',
    againstClaim:
      '<p>The photo is old and was first published in February 2021. It has nothing to do with current events in Aleppo.</p><p>Neither the Syrian Bakeries Corporation nor any local authority announced a halt to flour deliveries in the city during the period mentioned.</p>',
    conclusion:
      '<p>Misleading: the photo is real but old, and was re-shared out of its time context as if it showed Aleppo today.</p>',
    category: 'confounding',
    evaluation: [
      {
        category: 'out-of-context',
        description: 'A genuine 2021 photo re-shared as recent.',
        score: -1,
      },
    ],
    topic: ['economy', 'society'],
    country: ['syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/archive/aleppo-bread-queue-2021">Earliest copy of the photo, February 2021</a></li><li><a href="https://example.com/bakeries/aleppo-supply-update">Statement on flour supply to Aleppo bakeries</a></li></ul>',
    sources:
      '<p>A local news page on Facebook with around 300,000 followers, re-posted by Telegram channels.</p>',
    publishedAt: '2024-01-06T11:00:00.000Z',
    createdAt: '2024-01-06T08:30:00.000Z',
  },
  {
    _id: '0e0000000000000000000044',
    status: 'published',
    language: 'en',
    translationOf: '0e0000000000000000000007',
    author: '0a0000000000000000000004',
    mediaSource: ['0b0000000000000000000007'],
    title: 'Account impersonating the WHO warns of a "new virus" in Deir ez-Zor',
    description:
      "An account on X using the World Health Organization's name posted a warning about an unknown virus in Deir ez-Zor. The account is not official and the warning is baseless.",
    content:
      '<p>Users shared a screenshot of a post on X warning of an "outbreak of a new respiratory virus" in the city of Deir ez-Zor and urging residents to stay at home. The account carried the name and logo of the World Health Organization.</p><p>Tabayyun examined the account and found that its handle differs by one letter from the organisation\'s official account, that it was created only a few weeks earlier, and that it has a few hundred followers. Neither the WHO\'s official accounts nor its Syria office published any similar warning.</p><p>We also reviewed the weekly epidemiological bulletin of the Deir ez-Zor health directorate, which made no mention of an unknown disease or an unusual rise in respiratory cases.</p>',
    claims:
      '<p>"Warning: an unknown respiratory virus has been detected in Deir ez-Zor. Residents are advised not to leave their homes until further notice."</p>',
    againstClaim:
      '<p>The account is an impostor and not affiliated with the WHO. Neither the organisation nor local health authorities issued such a warning.</p>',
    conclusion: '<p>The warning is fabricated and was spread by an account impersonating the WHO.</p>',
    category: 'fraud',
    evaluation: [
      {
        category: 'impostor-content',
        description: 'An account imitating the name and logo of an international organisation.',
        score: -2,
      },
      {
        category: 'fabricated-content',
        description: 'A health warning with no basis in any official data.',
        score: -2,
      },
    ],
    topic: ['health'],
    country: ['syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/who-syria/official-accounts">Official accounts of the WHO Syria office</a></li><li><a href="https://example.org/deir-ezzor-health/weekly-bulletin">Weekly epidemiological bulletin, Deir ez-Zor</a></li></ul>',
    sources:
      '<p>An account on X; screenshots were forwarded in WhatsApp groups in towns around Deir ez-Zor.</p>',
    publishedAt: '2024-05-07T19:30:00.000Z',
    createdAt: '2024-05-07T16:10:00.000Z',
  },
  {
    _id: '0e0000000000000000000045',
    status: 'published',
    language: 'en',
    translationOf: '0e0000000000000000000010',
    author: '0a0000000000000000000003',
    mediaSource: ['0b0000000000000000000001'],
    title: 'True: the World Food Programme is reducing the number of aid recipients in Syria',
    description:
      'Tabayyun confirmed that the World Food Programme announced cuts to the number of people receiving food assistance because of funding shortfalls.',
    content:
      "<p>Posts claimed that the World Food Programme would stop part of its food assistance in Syria, and followers asked us to check after contradictory rumours spread.</p><p>Tabayyun reviewed the programme's statement, which says the number of people receiving monthly food baskets will be reduced because of a funding gap, while nutrition programmes for children and pregnant women will continue. A spokesperson for the regional office confirmed the news in a press statement.</p><p>The statement explains that priority will go to the most vulnerable households under updated assessment criteria.</p>",
    claims:
      '<p>"The World Food Programme is going to cut off aid to a large number of families in Syria."</p>',
    againstClaim:
      '<p>The claim is essentially correct: the programme announced a reduction in recipients because of a funding shortfall, while keeping its specialised nutrition programmes.</p>',
    conclusion: '<p>True. The claim is based on an official statement by the World Food Programme.</p>',
    category: 'confirmed',
    evaluation: [
      {
        category: 'true',
        description: 'Matches an official statement by the organisation.',
        score: 2,
      },
    ],
    topic: ['humanitarian'],
    country: ['syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/wfp/syria-assistance-reduction">World Food Programme statement</a></li><li><a href="https://example.org/ocha/syria-funding-gap">Humanitarian funding gap data</a></li></ul>',
    sources: '<p>Posts on Facebook and X, and questions sent by readers by email.</p>',
    publishedAt: '2024-11-02T19:00:00.000Z',
    createdAt: '2024-11-02T16:40:00.000Z',
  },
  {
    _id: '0e0000000000000000000046',
    status: 'published',
    language: 'en',
    translationOf: '0e0000000000000000000011',
    author: '0a0000000000000000000005',
    mediaSource: ['0b0000000000000000000002', '0b0000000000000000000006'],
    title: 'No, Turkey has not ordered all Syrians under temporary protection to leave within a month',
    description:
      "A document attributed to Turkey's Presidency of Migration Management claims that all temporary protection holders will be deported within thirty days. The document is fabricated.",
    content:
      '<p>An image of a document in Turkish, with an Arabic translation, spread on Telegram and WhatsApp. It claimed that the Presidency of Migration Management had cancelled temporary protection for all Syrians and would deport them within thirty days.</p><p>Tabayyun examined the document with a Turkish translator. It contains grammatical errors that do not appear in official correspondence, and its reference number does not follow the electronic numbering system used by Turkish public institutions, which allows any document to be verified through the e-Government portal.</p><p>We entered the verification code shown on the document into the portal, and it returned no match. The Presidency of Migration Management has published no such decision on its website or official accounts.</p>',
    claims:
      '<p>"Official decision: the kimlik is cancelled for all Syrians in Turkey, with a thirty-day deadline to leave the country."</p>',
    againstClaim:
      "<p>The document fails verification on Turkey's e-Government portal, contains language errors, and no decision of this kind has been announced.</p>",
    conclusion:
      '<p>The document is forged. There is no decision to deport temporary protection holders en masse.</p>',
    category: 'fraud',
    evaluation: [
      {
        category: 'fabricated-content',
        description: 'A fabricated official document that cannot be verified in government systems.',
        score: -2,
      },
    ],
    topic: ['refugees', 'politics'],
    country: ['turkey', 'syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/turkey-migration/announcements">Announcements of the Presidency of Migration Management</a></li><li><a href="https://example.net/e-gov/document-verification">Government document verification service</a></li></ul>',
    sources:
      '<p>Telegram channels focused on Syrians in Turkey, and WhatsApp groups in Istanbul and Gaziantep.</p>',
    publishedAt: '2024-11-21T14:00:00.000Z',
    createdAt: '2024-11-21T11:15:00.000Z',
  },
  {
    _id: '0e0000000000000000000047',
    status: 'published',
    language: 'en',
    translationOf: '0e0000000000000000000012',
    author: '0a0000000000000000000006',
    mediaSource: ['0b0000000000000000000007'],
    title: 'Germany paused decisions on Syrian asylum claims; it did not reject them all',
    description:
      "The decision by Germany's Federal Office for Migration and Refugees concerns a freeze on pending cases, not a blanket rejection of every Syrian application as rumoured.",
    content:
      '<p>Posts claimed that Germany had "rejected all asylum applications submitted by Syrians" and begun returning them, causing widespread alarm among refugees and their families.</p><p>Tabayyun reviewed the statement from the Federal Office for Migration and Refugees (BAMF). It says decisions on applications still pending have been temporarily suspended because the situation in Syria is unclear. The measure does not affect applications already decided or residence permits already granted.</p><p>A spokesperson for the Federal Ministry of the Interior told a press conference that the measure is procedural and that processing will resume once the situation becomes clearer.</p>',
    claims: '<p>"Germany rejects every Syrian asylum application and starts deportations."</p>',
    againstClaim:
      '<p>The decision temporarily suspends rulings on pending applications. It is not a rejection, and it does not affect existing residence permits.</p>',
    conclusion: '<p>Partly false: the claim confuses a temporary suspension with a blanket rejection.</p>',
    category: 'confounding',
    evaluation: [
      {
        category: 'partly-false',
        description:
          'A German decision does exist, but describing it as a blanket rejection and deportation is wrong.',
        score: -1,
      },
    ],
    topic: ['refugees', 'politics'],
    country: ['germany', 'syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/bamf/syria-decisions-pause">BAMF statement</a></li><li><a href="https://example.com/press/german-interior-ministry-briefing">Federal Ministry of the Interior press conference</a></li></ul>',
    sources: '<p>Facebook pages followed by Syrians in Germany, and videos on TikTok.</p>',
    publishedAt: '2024-12-11T18:30:00.000Z',
    createdAt: '2024-12-11T16:20:00.000Z',
  },
  {
    _id: '0e0000000000000000000048',
    status: 'published',
    language: 'en',
    translationOf: '0e000000000000000000001c',
    author: '0a0000000000000000000008',
    mediaSource: ['0b0000000000000000000002', '0b0000000000000000000009'],
    title: 'Fake advert promises Syrians jobs in Germany with free visas',
    description:
      'A sponsored advert promises Syrians work contracts and free visas to Germany in exchange for a "file fee". It has no connection to any official programme.',
    content:
      '<p>An advert carrying a picture of Berlin\'s Brandenburg Gate spread on Facebook and Instagram, promising "5,000 work contracts" in nursing, construction and transport, with a free visa and plane ticket, in exchange for paying a file-opening fee by money transfer.</p><p>Tabayyun checked the phone number and bank account listed in the advert and found that both were linked to earlier scam adverts about other European countries. The attached website uses a free domain and gives no information about a registered company.</p><p>Germany\'s official portal for skilled immigration explains that visa applications are submitted through diplomatic missions, and that no intermediaries are authorised to collect fees on its behalf.</p>',
    claims:
      '<p>"Golden opportunity: 5,000 work contracts in Germany for Syrians, with a free visa and plane ticket. Just pay the file fee."</p>',
    againstClaim:
      '<p>The advert is not linked to any official German body and shows clear signs of fraud, including a request for upfront fees by transfer.</p>',
    conclusion: '<p>The advert is fake and aims to defraud applicants.</p>',
    category: 'fraud',
    evaluation: [
      {
        category: 'fabricated-content',
        description: 'A job offer that does not exist.',
        score: -2,
      },
      {
        category: 'impostor-content',
        description: 'German official symbols used to lend false credibility.',
        score: -2,
      },
    ],
    topic: ['refugees', 'economy'],
    country: ['germany', 'syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/make-it-in-germany/visa-process">Official portal for skilled immigration to Germany</a></li><li><a href="https://example.net/scam-tracker/job-offers-europe">Record of earlier scam adverts</a></li></ul>',
    sources: '<p>Sponsored adverts on Facebook and Instagram, and WhatsApp messages.</p>',
    publishedAt: '2025-06-27T13:00:00.000Z',
    createdAt: '2025-06-27T10:55:00.000Z',
  },
  {
    _id: '0e0000000000000000000049',
    status: 'published',
    language: 'en',
    author: '0a0000000000000000000007',
    mediaSource: ['0b000000000000000000000e'],
    title: 'Viral image of a "fully restored" Palmyra is AI-generated',
    description:
      "An image showing Palmyra's temples and colonnade completely rebuilt and crowded with tourists was made with an image generator. No such restoration has taken place.",
    content:
      '<p>An image circulating on X and Instagram shows the ancient city of Palmyra with its temples fully rebuilt, the colonnade intact and crowds of tourists walking through it. Captions claim it shows the site "after restoration was completed this year".</p><p>Tabayyun compared the image with recent photographs of the site. The arch and temple in the image do not match the architecture of the originals, some columns merge into each other, and text on a signboard is illegible. Two AI-detection tools rated the image as very likely generated.</p><p>The Directorate-General of Antiquities and Museums has announced documentation and limited stabilisation work at Palmyra, but nothing resembling a full reconstruction.</p>',
    claims: '<p>"Palmyra after restoration was completed this year. Stunning!"</p>',
    againstClaim:
      "<p>The image is AI-generated and does not match the site's real architecture. Only documentation and limited stabilisation work has been announced.</p>",
    conclusion: '<p>The image is fabricated and does not show the current state of Palmyra.</p>',
    category: 'fraud',
    evaluation: [
      {
        category: 'manipulated-image',
        description: 'An AI-generated image presented as a real photograph.',
        score: -2,
      },
    ],
    topic: ['society', 'technology'],
    country: ['syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/antiquities/palmyra-works">Directorate-General of Antiquities and Museums: works at Palmyra</a></li><li><a href="https://example.net/ai-detector/report-palmyra">AI-detection report</a></li></ul>',
    sources: '<p>Accounts on X and Instagram, and travel pages on Facebook.</p>',
    publishedAt: '2025-09-30T10:15:00.000Z',
    createdAt: '2025-09-28T14:00:00.000Z',
  },
  {
    _id: '0e000000000000000000004a',
    status: 'published',
    language: 'en',
    author: '0a0000000000000000000002',
    mediaSource: ['0b000000000000000000000f', '0b0000000000000000000003'],
    title: 'UNICEF quote on out-of-school children in Syria is accurate',
    description:
      'A quote attributed to UNICEF about the number of children out of school in Syria was questioned online. It appears word for word in an official UNICEF statement.',
    content:
      '<p>A quote attributed to UNICEF stating that "millions of children in Syria are out of school, and many more are at risk of dropping out" circulated widely, and several users dismissed it as exaggerated.</p><p>Tabayyun located the original statement on UNICEF\'s website, published at the start of the school year, and found the quote word for word. The figures in the statement are drawn from the education sector\'s needs assessment, which we also reviewed.</p><p>The statement also calls for funding to rehabilitate damaged schools and to support teachers.</p>',
    claims:
      '<p>"UNICEF: millions of children in Syria are out of school, and many more are at risk of dropping out."</p>',
    againstClaim:
      "<p>The quote appears verbatim in an official UNICEF statement and is supported by the education sector's needs assessment.</p>",
    conclusion: '<p>The quote is accurate and correctly attributed.</p>',
    category: 'confirmed',
    evaluation: [
      {
        category: 'accurate-quote',
        description: 'The quote matches the original statement.',
        score: 2,
      },
    ],
    topic: ['society', 'humanitarian'],
    country: ['syria'],
    tags: [],
    references:
      '<ul><li><a href="https://example.org/unicef/syria-back-to-school">UNICEF statement</a></li><li><a href="https://example.org/education-cluster/syria-needs-assessment">Education sector needs assessment</a></li></ul>',
    sources: '<p>Posts on X and Facebook.</p>',
    publishedAt: '2026-06-02T09:30:00.000Z',
    createdAt: '2026-05-31T12:00:00.000Z',
  },
];
