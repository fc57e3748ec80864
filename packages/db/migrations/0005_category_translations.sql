ALTER TABLE "category" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "name_tr" text;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "description_tr" text;
--> statement-breakpoint
-- The demo taxonomy's English and Turkish names and English descriptions, until now a map in the
-- web app (apps/web/app/site/i18n/category-names.ts, removed): existing databases get them here.
-- Only empty values are filled, so a newsroom's own translations are never overwritten.
UPDATE "category" SET
  "name_en" = COALESCE("category"."name_en", t.name_en),
  "name_tr" = COALESCE("category"."name_tr", t.name_tr)
FROM (VALUES
  ('criteria', 'Ratings', 'Derecelendirmeler'),
  ('fraud', 'False', 'Yanlış'),
  ('fabricated-content', 'Fabricated content', 'Uydurma içerik'),
  ('manipulated-image', 'Manipulated image', 'Değiştirilmiş görsel'),
  ('impostor-content', 'Impostor content', 'Taklit içerik'),
  ('confounding', 'Misleading', 'Yanıltıcı'),
  ('out-of-context', 'Out of context', 'Bağlamından koparılmış'),
  ('partly-false', 'Partly false', 'Kısmen yanlış'),
  ('misleading-title', 'Misleading headline', 'Yanıltıcı başlık'),
  ('futility', 'Baseless', 'Dayanaksız'),
  ('satire', 'Satire', 'Hiciv'),
  ('unproven', 'Unproven', 'Kanıtlanmamış'),
  ('confirmed', 'True', 'Doğru'),
  ('true', 'Accurate', 'Doğru'),
  ('accurate-quote', 'Accurate quote', 'Doğru alıntı'),
  ('topic', 'Topics', 'Konular'),
  ('politics', 'Politics', 'Siyaset'),
  ('economy', 'Economy', 'Ekonomi'),
  ('health', 'Health', 'Sağlık'),
  ('humanitarian', 'Humanitarian', 'İnsani yardım'),
  ('military', 'Military and security', 'Askeri ve güvenlik'),
  ('refugees', 'Refugees', 'Mülteciler'),
  ('society', 'Society', 'Toplum'),
  ('technology', 'Technology', 'Teknoloji'),
  ('tag', 'Tags', 'Etiketler'),
  ('featured', 'Editor''s picks', 'Editörün seçimleri'),
  ('slide', 'Slider', 'Kaydırıcı'),
  ('most-read', 'Most read', 'En çok okunanlar'),
  ('country', 'Countries', 'Ülkeler'),
  ('syria', 'Syria', 'Suriye'),
  ('turkey', 'Turkey', 'Türkiye'),
  ('lebanon', 'Lebanon', 'Lübnan'),
  ('jordan', 'Jordan', 'Ürdün'),
  ('iraq', 'Iraq', 'Irak'),
  ('germany', 'Germany', 'Almanya'),
  ('egypt', 'Egypt', 'Mısır'),
  ('russia', 'Russia', 'Rusya')
) AS t(id, name_en, name_tr)
WHERE "category"."_id" = t.id;--> statement-breakpoint
UPDATE "category" SET "description_en" = COALESCE("category"."description_en", t.description_en)
FROM (VALUES
  ('fraud', 'A fabricated claim, or content deliberately forged, with no basis in any real event. We use this rating when the evidence shows the content was made to deceive the public.'),
  ('fabricated-content', 'A story, statement or document with no origin at all, made up entirely and attributed to a person or body that never issued anything like it.'),
  ('manipulated-image', 'A photo or video altered with editing software or generative tools to change its meaning or add elements that were not there.'),
  ('impostor-content', 'Content that impersonates a news organisation or an official body by copying its logo, design or account name.'),
  ('confounding', 'A claim with true elements, presented in a way that leads to a false conclusion: cut short, or taken out of its time or place.'),
  ('out-of-context', 'A genuine photo, video or statement re-shared as if it belonged to another event, time or place.'),
  ('partly-false', 'A claim that mixes accurate information with false or exaggerated details, so that it cannot be considered true as a whole.'),
  ('misleading-title', 'A headline or caption that gives a story a meaning its body or original source does not support.'),
  ('futility', 'A claim resting on no verifiable evidence, or satire circulated as fact. Its promoters offered no source, and nothing we found confirms it.'),
  ('satire', 'Content first published as satire or a joke, then shared by users as serious news.'),
  ('unproven', 'A claim whose publishers offered no source or evidence, and which nothing in the available sources confirms.'),
  ('confirmed', 'A claim that the available evidence and reliable sources confirm.'),
  ('true', 'The claim is accurate and matches what the primary sources say.'),
  ('accurate-quote', 'The quoted words were really said or written by the person they are attributed to.')
) AS t(id, description_en)
WHERE "category"."_id" = t.id;
