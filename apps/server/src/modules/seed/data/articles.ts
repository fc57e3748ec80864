// Demo articles: media-literacy guides, explainers, editorial notes and reports.
// 25 articles: 19 published, 3 review, 3 draft; 18 Arabic, 4 English, 3 Turkish
// (3 of the English/Turkish ones are translations of Arabic articles via `translationOf`).

export const articles = [
  {
    _id: '0d0000000000000000000001',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000008',
    title: 'دليل عملي: كيف تبحث عكسياً عن صورة قبل أن تشاركها؟',
    description:
      'البحث العكسي عن الصور أسرع طريقة لمعرفة ما إذا كانت الصورة المتداولة قديمة أو مأخوذة من حدث آخر. نشرح الخطوات بالتفصيل.',
    content:
      '<p>نسبة كبيرة من الادعاءات التي نتحقق منها في تبيَّن لا تقوم على صور مزيفة، بل على صور حقيقية تُنشر في غير زمانها أو مكانها. صورة حريق من بلد آخر، أو صورة فيضان من عام مضى، تكفي لإثارة الذعر إذا رافقها تعليق يقول إنها "الآن".</p>' +
      '<h2>الخطوة الأولى: احفظ الصورة بأفضل جودة ممكنة</h2>' +
      '<p>الصور التي تنتقل عبر تطبيقات المراسلة تفقد جودتها وبياناتها في كل مرة. حاول الوصول إلى أقدم منشور يحمل الصورة، واقتطع منها الأجزاء غير الضرورية مثل الشعارات أو النصوص المضافة، لأنها قد تضلل محركات البحث.</p>' +
      '<h2>الخطوة الثانية: استخدم أكثر من محرك بحث</h2>' +
      '<p>ارفع الصورة إلى أكثر من أداة بحث عكسي، فلكل محرك قاعدة بيانات مختلفة، وبعضها أفضل في التعرف على الوجوه أو المباني أو المناظر الطبيعية. رتّب النتائج حسب التاريخ وابحث عن أقدم ظهور للصورة.</p>' +
      '<h2>الخطوة الثالثة: اقرأ السياق الأصلي</h2>' +
      '<p>عندما تعثر على نسخة أقدم، لا تكتفِ بتاريخها. اقرأ النص المرافق لها في مصدرها الأول: أين التُقطت؟ ومن التقطها؟ وهل يتطابق ما يظهر فيها مع الرواية الجديدة؟ هذه التفاصيل هي ما نعتمد عليه في تقاريرنا حين نصنّف الادعاء بأنه "خارج السياق".</p>' +
      '<p>إذا لم تجد أي نتيجة، فهذا لا يعني أن الصورة حديثة أو صحيحة. قد تكون جديدة فعلاً، وقد تكون مولدة آلياً. في هذه الحالة تمهّل قبل المشاركة، أو أرسلها إلينا لنتحقق منها.</p>',
    topic: ['technology', 'society'],
    country: ['syria'],
    tags: ['featured', 'slide', 'most-read'],
    publishedAt: '2025-03-04T09:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000002',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000003',
    title: 'التزييف العميق بلغة بسيطة: علامات تساعدك على كشف الفيديو المصطنع',
    description:
      'أصبحت أدوات توليد الفيديو في متناول الجميع، لكن معظم المقاطع المصطنعة ما زالت تترك آثاراً يمكن ملاحظتها بالعين المجردة.',
    content:
      '<p>خلال العام الماضي رصدنا ارتفاعاً واضحاً في عدد المقاطع التي تُظهر مسؤولين أو شخصيات عامة يقولون كلاماً لم يقولوه. بعضها مصنوع بأدوات توليد متقدمة، وبعضها مجرد تركيب صوت على فيديو قديم.</p>' +
      '<h2>ما الذي تراقبه؟</h2>' +
      '<ul>' +
      '<li>حركة الشفاه: هل تتطابق بدقة مع الأصوات، خصوصاً في الحروف التي تتطلب إغلاق الفم مثل الباء والميم؟</li>' +
      '<li>حواف الوجه والشعر: كثيراً ما تظهر حواف ضبابية أو متذبذبة عند التقاء الوجه بالخلفية.</li>' +
      '<li>الإضاءة والظلال: هل يتغير الضوء على الوجه بشكل لا يتناسب مع حركة الرأس؟</li>' +
      '<li>الصوت: نبرة رتيبة، أو غياب أصوات التنفس، أو انقطاعات مفاجئة في الخلفية.</li>' +
      '</ul>' +
      '<p>لا تكفي علامة واحدة للحكم على المقطع، فضغط الفيديو على منصات التواصل قد ينتج عيوباً مشابهة. الأهم هو السؤال عن المصدر: هل نُشر المقطع على حساب رسمي؟ هل نقلته وسيلة إعلامية موثوقة؟ هل يوجد تسجيل أطول للمناسبة نفسها؟</p>' +
      '<p>في تبيَّن نجمع بين الفحص البصري والبحث عن النسخة الأصلية للمناسبة التي يُزعم أن التصريح قيل فيها. في أغلب الحالات التي عالجناها، كان العثور على التسجيل الكامل كافياً لكشف التلاعب.</p>',
    topic: ['technology'],
    country: ['syria'],
    tags: ['featured', 'slide'],
    publishedAt: '2025-06-18T10:30:00.000Z',
  },
  {
    _id: '0d0000000000000000000003',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000003',
    title: 'أين صُوّر هذا الفيديو؟ خطوات تحديد الموقع الجغرافي',
    description:
      'شرح للطريقة التي نتبعها في تحديد موقع تصوير المقاطع المتداولة اعتماداً على المعالم والخرائط المفتوحة.',
    content:
      '<p>عندما يصلنا مقطع يُزعم أنه من مدينة سورية، فإن أول سؤال نطرحه: هل يمكن إثبات مكان تصويره؟ تحديد الموقع الجغرافي ليس سحراً، بل عملية صبورة تقوم على مقارنة التفاصيل الصغيرة بمصادر مفتوحة.</p>' +
      '<p>نبدأ بتقسيم المقطع إلى لقطات ثابتة، ثم نبحث فيها عن عناصر مميزة: مئذنة بشكل خاص، لوحة محل، تقاطع طرق، خط أفق جبلي، أو حتى نوع أعمدة الإنارة. كل عنصر من هذه يضيّق دائرة البحث.</p>' +
      '<h2>من المعالم إلى الخريطة</h2>' +
      '<p>بعد جمع الدلائل، نقارنها بصور الأقمار الصناعية والصور الأرضية المتاحة على خدمات الخرائط، وبالصور التي نشرها سكان المنطقة سابقاً. نبحث عن تطابق في زاوية النظر وترتيب المباني، لا عن تشابه عام.</p>' +
      '<p>قد يقودنا التحقق إلى أن المقطع صُوّر في مدينة أخرى تماماً، أو في البلد نفسه لكن قبل سنوات. وفي حالات قليلة لا تكفي الدلائل للوصول إلى نتيجة، وعندها نقول ذلك بوضوح بدلاً من التخمين.</p>' +
      '<p>ننشر عادةً في تقاريرنا لقطات مقارنة توضح نقاط التطابق، حتى يتمكن القارئ من مراجعة استنتاجنا بنفسه.</p>',
    topic: ['technology', 'military'],
    country: ['syria'],
    tags: ['slide'],
    publishedAt: '2025-05-07T08:15:00.000Z',
  },
  {
    _id: '0d0000000000000000000004',
    status: 'published',
    language: 'ar',
    author: '0a000000000000000000000c',
    title: 'التقرير السنوي 2025: عام من التحقق في أرقام',
    description:
      'حصيلة عمل فريق تبيَّن خلال عام 2025: عدد الادعاءات التي رصدناها، وأبرز أنماط التضليل، وما تعلمناه.',
    content:
      '<p>نشارك قراءنا في مطلع كل عام حصيلة عملنا خلال العام المنصرم، التزاماً بمبدأ الشفافية الذي نعمل وفقه منذ تأسيس تبيَّن عام 2016. يعرض هذا التقرير ما أنجزناه في 2025 وما لم ننجح فيه.</p>' +
      '<h2>أبرز الأرقام</h2>' +
      '<ul>' +
      '<li>رصد فريق المتابعة أكثر من أربعة آلاف منشور مرشح للتحقق على المنصات المختلفة.</li>' +
      '<li>نشرنا 312 تقرير تحقق، صُنّف أكثر من نصفها في خانة "زائف" أو "مضلل".</li>' +
      '<li>احتلت الصور والمقاطع المنشورة خارج سياقها المرتبة الأولى بين أنماط التضليل.</li>' +
      '<li>تضاعف عدد الادعاءات المتعلقة بمحتوى مولد بالذكاء الاصطناعي مقارنة بالعام السابق.</li>' +
      '</ul>' +
      '<h2>ما الذي تغيّر؟</h2>' +
      '<p>شهد العام انتقال جزء كبير من التضليل من صفحات فيسبوك إلى قنوات تيليغرام ومجموعات المراسلة المغلقة، ما جعل الرصد أصعب وزاد اعتمادنا على البلاغات التي يرسلها القراء. كما لاحظنا ازدياد الشائعات الاقتصادية المرتبطة بسعر الصرف والقرارات المالية.</p>' +
      '<p>على صعيد الفريق، أطلقنا قسم التربية الإعلامية ونشرنا فيه سلسلة أدلة عملية، ونظمنا ورشات تدريبية لطلاب الإعلام في عدة مدن.</p>' +
      '<p>نشكر كل من أرسل إلينا ادعاءً أو صحح لنا خطأً. دقتنا تعتمد على يقظة قرائنا بقدر ما تعتمد على عملنا.</p>',
    topic: ['society', 'politics'],
    country: ['syria'],
    tags: ['most-read', 'slide'],
    publishedAt: '2026-01-14T09:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000005',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000001',
    title: 'من أين تأتي الشائعة؟ قراءة في المشهد المعلوماتي السوري',
    description:
      'تتوزع مصادر الأخبار في سوريا بين منصات رسمية ومحلية وصفحات مجهولة، ولكل منها دور في انتشار المعلومات المضللة.',
    content:
      '<p>يعيش الجمهور السوري منذ سنوات في بيئة معلوماتية مزدحمة ومجزأة: ملايين داخل البلاد وملايين في دول اللجوء، يتابعون الأخبار من مصادر مختلفة، ويتبادلونها عبر مجموعات عائلية ومحلية يصعب تتبعها.</p>' +
      '<p>في هذه البيئة تملأ الصفحات المجهولة الفراغ الذي يتركه غياب المعلومة الرسمية الواضحة أو تأخرها. يكفي أن يتأخر إعلان قرار اقتصادي يوماً واحداً حتى تنتشر عشرات الروايات المتضاربة عنه.</p>' +
      '<h2>ثلاثة أنماط متكررة</h2>' +
      '<p>النمط الأول هو "العاجل بلا مصدر": منشورات قصيرة تبدأ بكلمة عاجل ولا تذكر من أين جاءت المعلومة. النمط الثاني هو الوثيقة المزورة، إذ تسهّل برامج التصميم تقليد الترويسات الرسمية. أما الثالث فهو إعادة تدوير المحتوى القديم، وهو الأكثر شيوعاً والأصعب اكتشافاً على القارئ العادي.</p>' +
      '<p>لا يعني ذلك أن كل ما يُنشر على الصفحات المحلية خاطئ، فكثير منها يقدم خدمة حقيقية لمتابعيه. المطلوب هو التمييز بين المصدر الذي يذكر من أين جاء بالمعلومة، والمصدر الذي يطلب منك أن تصدقه فحسب.</p>',
    topic: ['politics', 'society'],
    country: ['syria'],
    tags: ['most-read'],
    publishedAt: '2025-04-22T11:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000006',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000002',
    title: 'ملاحظة تحريرية: كيف نختار الادعاءات التي نتحقق منها؟',
    description: 'لا نستطيع التحقق من كل ما يُنشر، لذلك نعتمد معايير واضحة لاختيار الادعاءات. نشرحها هنا.',
    content:
      '<p>يصلنا يومياً عدد من الادعاءات يفوق قدرة أي فريق على التحقق منها جميعاً. لذلك نحتاج إلى معايير تحدد أولوياتنا، ونرى أن من حق قرائنا معرفتها.</p>' +
      '<ul>' +
      '<li><strong>حجم الانتشار:</strong> نعطي الأولوية للادعاءات التي وصلت إلى جمهور واسع أو يُرجّح أن تصل إليه.</li>' +
      '<li><strong>حجم الضرر المحتمل:</strong> الشائعات الصحية أو التي قد تدفع الناس إلى قرارات خطيرة تتقدم على غيرها.</li>' +
      '<li><strong>قابلية التحقق:</strong> نختار الادعاءات التي يمكن فحصها بالأدلة، لا الآراء أو التوقعات.</li>' +
      '<li><strong>التوازن:</strong> نتحقق من الادعاءات بغض النظر عن الجهة التي تنشرها أو تستفيد منها.</li>' +
      '</ul>' +
      '<p>نتابع المنصات بأنفسنا، ونستقبل كذلك بلاغات القراء عبر نموذج الموقع وحساباتنا. كل بلاغ يُسجّل ويُراجع، حتى لو لم يتحول إلى تقرير منشور.</p>' +
      '<p>إذا رأيت أننا أغفلنا ادعاءً مهماً، فأرسله إلينا. وإذا رأيت أننا أخطأنا في تقرير منشور، فراجع سياسة التصحيحات لدينا.</p>',
    topic: ['society'],
    country: ['syria'],
    tags: [],
    publishedAt: '2025-01-20T10:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000007',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000004',
    title: 'لماذا تنتشر شائعات سعر الصرف بهذه السرعة؟',
    description:
      'الشائعات الاقتصادية من أكثر ما نتحقق منه، لأنها تمس قرارات الناس اليومية في البيع والشراء والادخار.',
    content:
      '<p>حين يتغير سعر الصرف بسرعة، يبحث الناس عن أي معلومة تساعدهم على اتخاذ قرار: هل يبيعون ما لديهم من عملة أجنبية أم ينتظرون؟ هذه الحاجة الملحّة تجعل الشائعة الاقتصادية قابلة للانتشار أكثر من غيرها.</p>' +
      '<p>رصدنا خلال الأشهر الماضية نمطاً متكرراً: قناة تنشر "سعراً جديداً" أو "قراراً مرتقباً" من المصرف المركزي، ثم تتناقله قنوات أخرى دون تدقيق، فيتحول خلال ساعات إلى معلومة شائعة يصعب تصحيحها.</p>' +
      '<h2>كيف تحمي نفسك؟</h2>' +
      '<p>ارجع إلى النشرات الرسمية والمصادر الاقتصادية التي تذكر منهجيتها في جمع الأسعار. انتبه إلى أن بعض القنوات تستفيد من تحريك السوق، وأن القرار الحقيقي يُنشر عادةً بنص كامل ورقم وتاريخ، لا بصورة مقتطعة.</p>' +
      '<p>تذكّر أن الشائعة الاقتصادية لا تؤذي من يصدقها فقط، بل قد تؤثر في السوق نفسه إذا صدقها عدد كافٍ من الناس.</p>',
    topic: ['economy'],
    country: ['syria'],
    tags: ['most-read'],
    publishedAt: '2025-09-09T08:45:00.000Z',
  },
  {
    _id: '0d0000000000000000000008',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000004',
    title: 'ست علامات تحذيرية في النصائح الطبية المتداولة',
    description: 'كيف تميّز المعلومة الطبية الموثوقة من الوصفات والنصائح التي قد تضر بصحتك؟',
    content:
      '<p>تنتشر النصائح الطبية على مجموعات المراسلة أسرع من أي نوع آخر من المحتوى، لأنها تأتي غالباً من أقارب وأصدقاء يريدون الخير. لكن حسن النية لا يجعل المعلومة صحيحة.</p>' +
      '<ol>' +
      '<li>الوعد بالشفاء التام أو السريع من مرض مزمن.</li>' +
      '<li>الادعاء بأن "الأطباء يخفون هذا السر" أو أن شركات الأدوية تحاربه.</li>' +
      '<li>الدعوة إلى التوقف عن دواء موصوف واستبداله بوصفة منزلية.</li>' +
      '<li>غياب اسم الجهة أو الطبيب أو الدراسة التي يستند إليها الكلام.</li>' +
      '<li>الرسائل الصوتية المجهولة التي تطلب إعادة الإرسال إلى أكبر عدد ممكن.</li>' +
      '<li>ارتباط النصيحة برابط لشراء منتج أو خلطة.</li>' +
      '</ol>' +
      '<p>إذا لاحظت واحدة من هذه العلامات، فاسأل طبيبك أو الصيدلي قبل أن تجرّب أو تشارك. وإذا لاحظت أكثر من علامة، فالأرجح أنك أمام معلومة مضللة.</p>',
    topic: ['health'],
    country: ['syria'],
    tags: ['most-read'],
    publishedAt: '2025-10-02T12:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000009',
    status: 'published',
    language: 'ar',
    author: '0a000000000000000000000a',
    title: 'قنوات تيليغرام: المصدر الجديد للأخبار العاجلة ومعضلاته',
    description:
      'تحولت قنوات تيليغرام إلى مصدر رئيسي للأخبار لدى كثير من السوريين. ما الذي يميزها وما الذي يجعلها بيئة خصبة للتضليل؟',
    content:
      '<p>تتيح قنوات تيليغرام النشر السريع لجمهور واسع دون قيود تذكر، ودون خوارزميات تحدد ما يظهر للمتابع. هذه الميزات جعلتها جذابة للصحفيين المستقلين وللمجتمعات المحلية، لكنها جذبت أيضاً ناشري الشائعات.</p>' +
      '<p>على خلاف بعض المنصات الأخرى، لا تضع تيليغرام علامات تنبيه على المحتوى المضلل، ويمكن إعادة توجيه المنشور بين القنوات مع إخفاء مصدره الأصلي. النتيجة أن المتابع كثيراً ما يقرأ خبراً لا يعرف من كتبه أولاً.</p>' +
      '<p>ننصح القراء بمتابعة القنوات التي تعرّف بالقائمين عليها، وتذكر مصادرها، وتصحح أخطاءها علناً. أما القنوات التي تكثر من كلمة "عاجل" دون أي إحالة، فيُفضّل التعامل مع ما تنشره على أنه ادعاء ينتظر التأكيد.</p>',
    topic: ['technology', 'society'],
    country: ['syria'],
    tags: [],
    publishedAt: '2025-04-08T09:30:00.000Z',
  },
  {
    _id: '0d000000000000000000000a',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000005',
    title: 'وثيقة رسمية أم تصميم متقن؟ كيف تتحقق من القرارات المتداولة',
    description:
      'الوثائق المزورة من أكثر أدوات التضليل إقناعاً. هذه أسئلة بسيطة تساعدك على فحص أي قرار قبل تصديقه.',
    content:
      '<p>الترويسة والختم والتوقيع لم تعد دليلاً كافياً على أصالة الوثيقة، فأدوات التصميم تسمح بتقليدها خلال دقائق. ومع ذلك تترك الوثائق المزورة آثاراً يمكن ملاحظتها.</p>' +
      '<h2>أسئلة قبل التصديق</h2>' +
      '<ul>' +
      '<li>هل نُشرت الوثيقة على الموقع أو الحساب الرسمي للجهة التي يُفترض أنها أصدرتها؟</li>' +
      '<li>هل تحمل رقماً وتاريخاً واضحين، وهل يتوافق تنسيقهما مع وثائق سابقة للجهة نفسها؟</li>' +
      '<li>هل توجد أخطاء لغوية أو إملائية لا تُتوقع في مراسلة رسمية؟</li>' +
      '<li>هل تختلف الخطوط أو المسافات بين أجزاء الوثيقة، بما يوحي بأنها مركّبة من أكثر من مصدر؟</li>' +
      '</ul>' +
      '<p>في تقاريرنا نقارن الوثيقة المتداولة بنماذج منشورة سابقاً عن الجهة نفسها، ونتواصل مع الجهة كلما أمكن. وكثيراً ما يكون غياب الوثيقة عن القنوات الرسمية هو الدليل الأوضح.</p>',
    topic: ['politics', 'refugees'],
    country: ['syria', 'lebanon'],
    tags: [],
    publishedAt: '2025-07-15T10:00:00.000Z',
  },
  {
    _id: '0d000000000000000000000b',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000005',
    title: 'قوانين اللجوء والإقامة: لماذا يجب أن تقرأ النص الأصلي؟',
    description:
      'كثير من الأخبار المضللة عن اللاجئين السوريين لا تخترع القرار، بل تختصره اختصاراً يغيّر معناه. نشرح كيف تصل إلى المصدر.',
    content:
      '<p>يتابع السوريون في تركيا وألمانيا ولبنان والأردن ودول أخرى أخبار قوانين الإقامة واللجوء بقلق مفهوم، فأي تغيير فيها قد يمس حياتهم مباشرة. هذا القلق يجعل الأخبار المتعلقة بها تنتشر بسرعة، وكثيراً ما تنتشر بصيغة غير دقيقة.</p>' +
      '<p>من أكثر الأخطاء شيوعاً الخلط بين مشروع القانون والقانون النافذ، أو بين تصريح سياسي وقرار رسمي، أو تعميم إجراء يخص فئة محددة على جميع اللاجئين.</p>' +
      '<h2>كيف تصل إلى المصدر؟</h2>' +
      '<p>تنشر الجهات الحكومية في معظم دول اللجوء قراراتها في جريدة رسمية أو على مواقع الوزارات المعنية. وتنشر المنظمات المتخصصة بشؤون اللاجئين ملخصات موثوقة بعدة لغات. ابحث عن رقم القرار وتاريخه، واقرأ الفقرة التي تحدد الفئات المشمولة به.</p>' +
      '<p>إذا تعذر عليك ذلك، فاستشر جهة قانونية مختصة قبل اتخاذ أي قرار يتعلق بإقامتك أو سفرك بناءً على منشور على وسائل التواصل.</p>',
    topic: ['refugees', 'politics'],
    country: ['turkey', 'germany', 'lebanon', 'jordan'],
    tags: ['slide'],
    publishedAt: '2025-08-11T09:00:00.000Z',
  },
  {
    _id: '0d000000000000000000000c',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000002',
    title: 'سياسة التصحيحات في تبيَّن: كيف نتعامل مع أخطائنا',
    description: 'نخطئ أحياناً كما تخطئ أي غرفة أخبار. هذه الملاحظة تشرح كيف نصحح أخطاءنا ونعلن عنها.',
    content:
      '<p>الثقة في عمل التحقق لا تُبنى على ادعاء العصمة، بل على الاعتراف بالخطأ وتصحيحه بوضوح. لذلك نلتزم منذ تأسيسنا بسياسة تصحيحات علنية.</p>' +
      '<p>عندما نكتشف خطأً في تقرير منشور، أو يلفت قارئ انتباهنا إليه، نراجع الأدلة خلال أقصر وقت ممكن. إذا ثبت الخطأ، نعدّل التقرير ونضيف في أسفله ملاحظة تبيّن ما تغيّر وتاريخ التعديل.</p>' +
      '<p>إذا كان الخطأ يغيّر التصنيف النهائي للادعاء، ننشر تنويهاً مستقلاً على حساباتنا أيضاً، حتى يصل التصحيح إلى من قرأ النسخة الأولى.</p>' +
      '<p>يمكن إرسال طلبات التصحيح عبر نموذج التواصل في الموقع، ونرد على كل طلب، حتى لو انتهت المراجعة إلى تثبيت ما نشرناه.</p>',
    topic: ['society'],
    country: ['syria'],
    tags: [],
    publishedAt: '2025-02-03T08:00:00.000Z',
  },
  {
    _id: '0d000000000000000000000d',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000009',
    title: 'صور الكوارث القديمة: لماذا تعود مع كل عاصفة؟',
    description:
      'مع كل منخفض جوي أو هزة أرضية تعود إلى الواجهة صور من كوارث سابقة. نشرح لماذا يحدث ذلك وكيف يؤذي العمل الإنساني.',
    content:
      '<p>في الساعات الأولى بعد أي كارثة طبيعية، يتعطش الناس إلى الصور. وفي هذه الساعات تحديداً، تنتشر صور من كوارث سابقة لأن الصور الحقيقية لم تصل بعد أو لأن الصور القديمة أكثر تأثيراً.</p>' +
      '<p>تبدو المسألة بريئة للوهلة الأولى، فالصورة تعبّر عن معاناة حقيقية في النهاية. لكن إعادة نشرها في غير سياقها تضر بطرق متعددة: فهي تشوّه تقدير حجم الضرر، وتُستخدم أحياناً لجمع تبرعات لحسابات مجهولة، وتمنح المشككين حجة للتشكيك في الصور الحقيقية لاحقاً.</p>' +
      '<p>إذا أردت أن تساعد، فشارك الصور من مصادرها المباشرة كفرق الدفاع المدني والمنظمات العاملة في المنطقة والصحفيين الموجودين في الميدان، وتبرع عبر قنوات معروفة لا عبر أرقام حسابات تصلك في رسائل.</p>',
    topic: ['humanitarian'],
    country: ['syria', 'turkey'],
    tags: [],
    publishedAt: '2025-02-12T13:00:00.000Z',
  },
  {
    _id: '0d000000000000000000000e',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000006',
    title: 'روابط "المنح المالية": كيف يستغل المحتالون حاجة الناس',
    description:
      'رسائل تعد بمساعدات نقدية باسم منظمات دولية تنتشر بانتظام. نشرح كيف تعمل هذه الروابط وكيف تتعرف عليها.',
    content:
      '<p>تتكرر الرسالة نفسها بصيغ مختلفة: منظمة دولية معروفة تقدم منحة مالية للعائلات، والتسجيل عبر رابط، بشرط مشاركته مع عدد من المجموعات. وفي كل مرة، يتبين أن الرابط لا علاقة له بالمنظمة.</p>' +
      '<h2>ماذا يريد المحتال؟</h2>' +
      '<p>تهدف هذه الروابط عادةً إلى جمع البيانات الشخصية كالأسماء وأرقام الهواتف وصور الوثائق، أو إلى الاستيلاء على حسابات التواصل، أو إلى تحقيق أرباح من الإعلانات عبر زيادة عدد الزيارات.</p>' +
      '<ul>' +
      '<li>تحقق من عنوان الرابط: المنظمات الكبرى تستخدم نطاقاتها الرسمية المعروفة.</li>' +
      '<li>المنظمات الإنسانية لا تشترط مشاركة الرابط مع الآخرين للحصول على المساعدة.</li>' +
      '<li>لا ترسل صور وثائقك عبر روابط مجهولة أو رسائل خاصة.</li>' +
      '</ul>' +
      '<p>إذا وصلك رابط من هذا النوع، فلا تفتحه، وأرسله إلينا أو أبلغ عنه عبر أداة الإبلاغ في المنصة.</p>',
    topic: ['technology', 'economy', 'humanitarian'],
    country: ['syria', 'turkey', 'lebanon'],
    tags: ['most-read'],
    publishedAt: '2025-11-19T10:20:00.000Z',
  },
  {
    _id: '0d000000000000000000000f',
    status: 'published',
    language: 'ar',
    author: '0a0000000000000000000007',
    title: 'خلف الكواليس: كيف نصمم بطاقة التحقق؟',
    description:
      'البطاقة التي ترافق تقاريرنا على وسائل التواصل تمر بعدة مراحل قبل نشرها. يشرح فريق التصميم كيف نوازن بين الوضوح والدقة.',
    content:
      '<p>يقرأ كثير من متابعينا البطاقة المنشورة على وسائل التواصل دون أن يفتحوا التقرير الكامل. لذلك نتعامل مع البطاقة على أنها ملخص مسؤول، لا مجرد صورة جذابة.</p>' +
      '<p>نحرص على ألا نعيد نشر الصورة المضللة بحجمها الكامل دون علامة واضحة، لأن البطاقة قد تنتشر منفصلة عن سياقها. لذلك نضع التصنيف بلون مميز فوق الصورة، ونضيف كلمة تصف نوع التضليل.</p>' +
      '<p>نستخدم ألواناً ثابتة لكل تصنيف، فالأحمر للزائف، والبرتقالي للمضلل، والبنفسجي لما لا أساس له، والأخضر للصحيح، حتى يعتاد القارئ عليها ويتعرف على التصنيف بنظرة واحدة.</p>',
    topic: ['society'],
    country: ['syria'],
    tags: [],
    publishedAt: '2025-12-03T15:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000010',
    status: 'draft',
    language: 'ar',
    author: '0a0000000000000000000008',
    title: 'الصور المولدة بالذكاء الاصطناعي: دليل للمبتدئين',
    description:
      'كيف تتعرف على الصور التي صنعتها أدوات التوليد الآلي، ولماذا لم تعد الأصابع المشوهة علامة كافية؟',
    content:
      '<p>قبل عامين فقط، كان يكفي أن تعدّ أصابع اليد في الصورة لتعرف أنها مولدة آلياً. تحسنت الأدوات كثيراً منذ ذلك الحين، وأصبح الاعتماد على العيوب البصرية وحدها غير كافٍ.</p>' +
      '<p>ما زالت بعض العلامات مفيدة: النصوص غير المقروءة على اللافتات، والتناظر المبالغ فيه، والخلفيات التي تذوب فيها التفاصيل. لكن السؤال الأهم يبقى: من نشر الصورة أولاً، وهل توجد صور أخرى للحدث نفسه من زوايا مختلفة؟</p>' +
      '<p>[ملاحظة للمحررة: إضافة أمثلة من تقاريرنا المنشورة هذا العام وروابطها قبل المراجعة.]</p>',
    topic: ['technology'],
    country: ['syria'],
    tags: [],
  },
  {
    _id: '0d0000000000000000000011',
    status: 'review',
    language: 'ar',
    author: '0a000000000000000000000c',
    title: 'حصاد الربع الأول من 2026: ما الذي شغل منصات التواصل؟',
    description:
      'مراجعة لأبرز الادعاءات التي تحققنا منها بين كانون الثاني وآذار 2026 والأنماط التي تكررت فيها.',
    content:
      '<p>شهد الربع الأول من العام موجة من الشائعات الاقتصادية المرتبطة بالأسعار والرواتب، إلى جانب عدد من المقاطع المنسوبة خطأً إلى مدن سورية بعد العواصف الشتوية.</p>' +
      '<h2>أبرز الأنماط</h2>' +
      '<ul>' +
      '<li>وثائق رسمية مزورة عن قرارات مالية وتعليمية.</li>' +
      '<li>صور ثلوج وفيضانات من دول أخرى نُسبت إلى مدن سورية.</li>' +
      '<li>روابط احتيالية باسم منظمات إغاثية.</li>' +
      '</ul>' +
      '<p>لاحظنا كذلك تراجعاً نسبياً في الشائعات الصحية مقارنة بالفترة نفسها من العام الماضي، مع استمرار الرسائل الصوتية المجهولة حول حملات التطعيم.</p>' +
      '<p>نعرض في ما يلي أبرز عشرة تقارير نشرناها خلال هذه الفترة، مرتبة حسب حجم انتشار الادعاء الأصلي.</p>',
    topic: ['economy', 'society', 'health'],
    country: ['syria'],
    tags: [],
  },
  {
    _id: '0d0000000000000000000012',
    status: 'draft',
    language: 'ar',
    author: '0a0000000000000000000004',
    title: 'الرسائل الصوتية المجهولة: كيف تتحقق مما تسمعه؟',
    description: 'الرسائل الصوتية من أصعب أشكال المحتوى على التحقق. نقترح خطوات عملية للتعامل معها.',
    content:
      '<p>الرسالة الصوتية تحمل نبرة إنسانية تمنحها مصداقية لا تملكها الرسالة المكتوبة. المتحدث يبدو واثقاً، ويذكر أحياناً أنه طبيب أو موظف في جهة رسمية، لكنه نادراً ما يذكر اسمه.</p>' +
      '<p>أول ما نبحث عنه هو المعلومة القابلة للفحص داخل الرسالة: اسم مستشفى، أو تاريخ، أو رقم قرار. هذه التفاصيل هي ما يمكن التحقق منه، بصرف النظر عن هوية المتحدث.</p>' +
      '<p>بعد ذلك نبحث عن نسخ سابقة من الرسالة نفسها، إذ يتكرر كثير منها منذ سنوات مع تغيير طفيف في الأسماء أو الأماكن.</p>',
    topic: ['health', 'technology'],
    country: ['syria'],
    tags: [],
  },
  {
    _id: '0d0000000000000000000013',
    status: 'published',
    language: 'en',
    translationOf: '0d0000000000000000000001',
    author: '0a000000000000000000000b',
    title: 'A practical guide: how to reverse-search an image before you share it',
    description:
      'Reverse image search is the quickest way to find out whether a viral photo is old or taken from another event. Here is how to do it, step by step.',
    content:
      '<p>Many of the claims we investigate at Tabayyun are not built on fake images, but on real photos shared out of time or place. A fire in another country, or a flood from a year ago, is enough to spread panic when paired with a caption saying it is happening "now".</p>' +
      '<h2>Step one: save the image in the best quality you can</h2>' +
      '<p>Images forwarded through messaging apps lose quality and metadata each time. Try to find the earliest post carrying the photo, and crop out logos or added text, which can confuse search engines.</p>' +
      '<h2>Step two: use more than one search engine</h2>' +
      '<p>Upload the image to several reverse-search tools. Each has a different index, and some are better at recognising faces, buildings or landscapes. Sort results by date and look for the earliest appearance.</p>' +
      '<h2>Step three: read the original context</h2>' +
      '<p>When you find an older copy, do not stop at the date. Read the text that accompanied it in its first source: where was it taken, by whom, and does it match the new story? These details are what we rely on when we rate a claim as "out of context".</p>' +
      '<p>If you find nothing, that does not mean the image is new or genuine. It may be recent, or it may be machine-generated. Take your time before sharing, or send it to us to check.</p>',
    topic: ['technology', 'society'],
    country: ['syria'],
    tags: [],
    publishedAt: '2025-03-20T09:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000014',
    status: 'published',
    language: 'en',
    translationOf: '0d0000000000000000000004',
    author: '0a000000000000000000000c',
    title: 'Annual report 2025: a year of fact-checking in numbers',
    description:
      "An overview of Tabayyun's work in 2025: how many claims we tracked, the most common patterns of misinformation, and what we learned.",
    content:
      "<p>At the start of each year we share an account of the previous year's work with our readers, in keeping with the commitment to transparency we have followed since Tabayyun was founded in 2016. This report covers what we achieved in 2025, and where we fell short.</p>" +
      '<h2>Key figures</h2>' +
      '<ul>' +
      '<li>Our monitoring team flagged more than four thousand posts as candidates for verification.</li>' +
      '<li>We published 312 fact-checks, more than half of them rated "false" or "misleading".</li>' +
      '<li>Photos and videos shared out of context were the most common form of misinformation.</li>' +
      '<li>Claims involving AI-generated content doubled compared with the previous year.</li>' +
      '</ul>' +
      '<h2>What changed</h2>' +
      '<p>Much of the misinformation moved from Facebook pages to Telegram channels and closed messaging groups, which made monitoring harder and increased our reliance on reader tips. We also saw a rise in economic rumours tied to the exchange rate and financial decisions.</p>' +
      '<p>As a team, we launched our media-literacy section with a series of practical guides, and ran training workshops for journalism students in several cities.</p>' +
      '<p>We thank everyone who sent us a claim or pointed out a mistake. Our accuracy depends on the vigilance of our readers as much as on our own work.</p>',
    topic: ['society', 'politics'],
    country: ['syria'],
    tags: [],
    publishedAt: '2026-01-21T09:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000015',
    status: 'review',
    language: 'en',
    author: '0a0000000000000000000001',
    title: "Reporting on Syria? A primer on the country's information landscape",
    description:
      'A short guide for international journalists and researchers on where Syrian news circulates, and which patterns of misinformation to watch for.',
    content:
      '<p>Foreign newsrooms covering Syria often rely on the same handful of viral posts that local audiences are already debating. Knowing where those posts come from, and how they travel, can save a correspondent from repeating a claim that has already been debunked.</p>' +
      '<h2>Where news circulates</h2>' +
      '<p>Syrian audiences are split between people inside the country and millions living in Turkey, Lebanon, Jordan, Germany and elsewhere. News moves through Telegram channels, local Facebook groups and family messaging groups, often in Arabic only and without attribution.</p>' +
      '<h2>Patterns to watch for</h2>' +
      '<ul>' +
      '<li>Old disaster and conflict footage re-shared as breaking news.</li>' +
      '<li>Forged official documents, especially on economic and residency decisions.</li>' +
      '<li>Satirical posts screenshotted and shared without their source.</li>' +
      '</ul>' +
      '<p>Our archive is searchable by topic and country. If a claim you are reporting on is not there, our team is happy to help check it.</p>',
    topic: ['politics', 'society'],
    country: ['syria'],
    tags: [],
  },
  {
    _id: '0d0000000000000000000016',
    status: 'draft',
    language: 'en',
    author: '0a0000000000000000000002',
    title: 'Why we rate claims the way we do',
    description:
      'An explanation of our four ratings and the sub-ratings beneath them, for readers new to our work.',
    content:
      '<p>Every fact-check we publish ends with a rating. The rating is not a verdict on the person who shared the claim, but a summary of what the evidence shows.</p>' +
      '<p>We use four main ratings: false, misleading, baseless and true. Each has sub-ratings that describe how a claim went wrong, for example a manipulated image or a real photo taken out of context.</p>' +
      '<p>[Draft: add examples for each rating and link to the methodology page.]</p>',
    topic: ['society'],
    country: ['syria'],
    tags: [],
  },
  {
    _id: '0d0000000000000000000017',
    status: 'published',
    language: 'tr',
    translationOf: '0d000000000000000000000b',
    author: '0a0000000000000000000005',
    title: 'İltica ve ikamet kuralları: Neden asıl metni okumalısınız?',
    description:
      'Suriyeli mültecilerle ilgili yanıltıcı haberlerin çoğu bir kararı uydurmaz; onu anlamını değiştirecek biçimde kısaltır. Kaynağa nasıl ulaşacağınızı anlatıyoruz.',
    content:
      '<p>Türkiye, Almanya, Lübnan, Ürdün ve diğer ülkelerdeki Suriyeliler, ikamet ve iltica kurallarındaki değişiklikleri anlaşılır bir kaygıyla takip ediyor. Bu kaygı, konuyla ilgili haberlerin hızla ve çoğu zaman eksik biçimde yayılmasına yol açıyor.</p>' +
      '<p>En sık görülen hatalar arasında kanun teklifi ile yürürlükteki kanunun, siyasi bir açıklama ile resmi bir kararın karıştırılması ya da belirli bir grubu ilgilendiren bir uygulamanın tüm mültecilere genellenmesi yer alıyor.</p>' +
      '<h2>Kaynağa nasıl ulaşılır?</h2>' +
      '<p>Çoğu ülkede kamu kurumları kararlarını resmi gazetede veya ilgili bakanlığın internet sitesinde yayımlar. Mülteci haklarıyla ilgilenen kuruluşlar da birçok dilde güvenilir özetler sunar. Kararın numarasını ve tarihini arayın, kimleri kapsadığını belirten bölümü okuyun.</p>' +
      '<p>Bunu yapamıyorsanız, sosyal medyadaki bir paylaşıma dayanarak ikametiniz ya da seyahatinizle ilgili bir karar vermeden önce uzman bir hukuk kuruluşuna danışın.</p>',
    topic: ['refugees', 'politics'],
    country: ['turkey', 'germany', 'lebanon', 'jordan'],
    tags: [],
    publishedAt: '2025-08-25T09:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000018',
    status: 'published',
    language: 'tr',
    author: '0a0000000000000000000005',
    title: "2025'te Türkiye'deki Suriyelilerle ilgili en çok paylaşılan beş yanlış iddia",
    description:
      "Geçen yıl Türkiye'de yaşayan Suriyeliler hakkında en geniş kitleye ulaşan yanlış ve yanıltıcı iddiaları ve gerçekte ne olduğunu özetliyoruz.",
    content:
      "<p>Türkiye'de yaşayan Suriyelilerle ilgili iddialar hem Arapça hem Türkçe sosyal medyada yoğun biçimde dolaşıyor. Bu yazıda 2025 yılında incelediğimiz ve en çok yayılan beş iddiayı bir araya getirdik.</p>" +
      '<ol>' +
      '<li>Tüm Suriyelilere yeni bir yıllık harç getirildiği iddiası: Böyle bir karar yayımlanmadı.</li>' +
      '<li>Sınır kapısında "toplu dönüş" gösterdiği söylenen video: Görüntüler yıllar önce çekilmişti.</li>' +
      '<li>Üniversite sınavlarında Suriyelilere ayrılan kontenjan hakkında abartılı rakamlar.</li>' +
      '<li>Bir bakanlığa ait olduğu öne sürülen sahte bir yazı.</li>' +
      '<li>Bir yardım kuruluşu adına yayılan dolandırıcılık bağlantısı.</li>' +
      '</ol>' +
      '<p>Bu iddiaların ortak noktası, resmi bir kaynağa bağlantı vermemeleri ve duygusal bir dil kullanmalarıydı. Paylaşmadan önce kaynağı sormak, yanlış bilginin yayılmasını durdurmanın en basit yolu.</p>',
    topic: ['refugees', 'society'],
    country: ['turkey'],
    tags: [],
    publishedAt: '2026-02-10T10:00:00.000Z',
  },
  {
    _id: '0d0000000000000000000019',
    status: 'review',
    language: 'tr',
    author: '0a0000000000000000000006',
    title: 'Telegram kanallarında "son dakika" haberlerine nasıl yaklaşmalı?',
    description:
      'Telegram, birçok Suriyeli için başlıca haber kaynağı haline geldi. Bu kanallardaki haberleri değerlendirirken dikkat edilmesi gerekenler.',
    content:
      '<p>Telegram kanalları, algoritma filtresi olmadan geniş kitlelere hızlı yayın yapmayı mümkün kılıyor. Bu özellik bağımsız gazetecileri olduğu kadar söylenti yayanları da cezbediyor.</p>' +
      '<p>Bir gönderi kanallar arasında iletildiğinde asıl kaynağı kolayca gizlenebiliyor. Sonuç olarak okur, ilk kimin yazdığını bilmediği bir haberi okumuş oluyor.</p>' +
      '<p>Yöneticilerini tanıtan, kaynak gösteren ve hatalarını açıkça düzelten kanalları takip etmenizi öneriyoruz. Sürekli "son dakika" diyen ama hiçbir kaynağa atıf yapmayan kanallardaki bilgileri ise doğrulanmayı bekleyen iddialar olarak değerlendirin.</p>',
    topic: ['technology', 'society'],
    country: ['turkey', 'syria'],
    tags: [],
  },
];
