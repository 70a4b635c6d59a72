"""Word lists the rule extractor reads: data, not code.

Every list is lower-case and matched case-insensitively unless its comment says otherwise.
Extend a list here rather than adding a branch in the code.
"""

from __future__ import annotations

from chronomem.text.words import phrases as _phrases
from chronomem.text.words import word_set

# Capitalised words that never name an entity on their own: pronouns, determiners,
# greetings, interjections, common sentence starters, family words used as names.
NOT_NAMES = word_set(
    """
    i i'm i've i'll i'd me my mine myself we we're we've we'll our ours us you you're
    you've your yours he she it its they them their his her him this that these those
    there here who what when where why how which whose a an the and or but so if then
    because also just well oh ah aw aww hey hi hello hiya yo thanks thank thx congrats
    congratulations wow whoa woah yeah yep yup yes no nope ok okay sure cool great nice
    awesome amazing sounds sound good bad sorry please haha hahaha lol omg wow yay
    woohoo hooray bye goodbye cheers dear love hugs btw tbh imo idk fyi asap xoxo tv
    anyway anyways actually honestly really totally definitely absolutely maybe perhaps
    glad happy excited hope hopefully best take keep let lets let's check see look
    remember believe agree enjoy speaking talking guess same right true exactly indeed
    mom mum dad mommy daddy grandma grandpa granny nana papa mama auntie uncle sis bro
    god gosh jeez man dude buddy guys folks everyone everybody someone somebody anyone
    nothing something everything anything all both each every some any many much more
    most other another such only even still yet again already always never often
    sometimes usually today tonight tomorrow yesterday now later soon recently lately
    morning afternoon evening night weekend week month year day
    monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november
    december jan feb mar apr jun jul aug sep sept oct nov dec
    christmas xmas easter thanksgiving halloween eve
    is are was were be been being have has had do does did can could will would should
    might must shall gonna wanna gotta can't won't don't didn't isn't wasn't
    after before during while since until as at in on of to for from with about by
    into onto over under between through without within like unlike
    """
)

# Greetings and interjections: a name right after one of these is a vocative ("Hey Mel!").
VOCATIVE_CUES = word_set(
    """
    hey hi hello hiya yo thanks thx congrats congratulations wow whoa woah yeah yes yep
    oh ah aw aww bye goodbye sorry dear ok okay cheers haha lol omg yay woohoo hooray
    morning evening night oof ooh hmm yikes gosh dude
    """
)

# Leading discourse words stripped from fact text ("Yeah, I moved ..." -> "I moved ...").
DISCOURSE = word_set(
    """
    and but so then also well oh ah aw aww hey hi hello yeah yep yup yes no nope ok okay
    wow whoa woah haha hahaha lol omg yay woohoo hooray cool nice awesome great anyway
    anyways actually honestly plus um uh hmm btw guess what sure totally
    """
)

PRONOUNS = word_set("i me my mine myself we us our ours ourselves you your yours yourself")
OTHER_SUBJECTS = word_set(
    "he she they it you this that these those there who which someone everyone people "
    "everybody somebody nobody none one"
)

# Words allowed between a subject and its verb ("I have just recently started working at").
GAP_WORDS = word_set(
    """
    am 'm is 's are 're was were be been being have 've has had 'd do does did n't not
    will 'll would can could should might may must shall gonna going to want wanna hope
    hoping plan planning try trying need used get got gotten getting start started
    starting began begin finally just also really recently now currently still actually
    officially already always never no longer even totally definitely absolutely kind
    of sort both all too soon happily proudly once again originally mostly usually often
    sometimes ever truly honestly seriously literally personally eventually basically
    continue continued keep kept keeps stopped stop quit gave give up decided decide
    chose ended went back finally then later also first recently sadly unfortunately
    luckily fortunately sorta kinda pretty much so very ca wo sha
    """
)
HYPOTHETICAL = word_set(
    "will 'll would could might may should shall gonna going want wanna hope hoping plan "
    "planning try trying need wish 'd"
)
NEGATIONS = word_set("n't not never no")

PREPOSITIONS = word_set(
    """
    in at on of to for from with about by into onto over under between through without
    within after before during near like than around across behind beside via per
    toward towards against among along
    """
)
DETERMINERS = word_set(
    "a an the my our his her their your its this that these those some any another every each no"
)
# Adjectives dropped from the front of a lower-case object ("a brand new car" -> "car").
FILLER_ADJECTIVES = word_set(
    """
    new brand brand-new old little big small huge tiny great good nice awesome amazing
    beautiful cute lovely adorable gorgeous cool fun favorite favourite first own
    whole real really very super totally nearby local second third other used second-hand
    secondhand pre-owned preowned refurbished pre-loved preloved
    """
)
# Objects that are not things: pronouns, quantifiers, vague nouns.
BAD_OBJECTS = word_set(
    """
    it its this that these those them they him her us me you everything something
    anything nothing what how when where why who which all both one ones so too very
    such more most lots lot much many things thing stuff way idea fact time times bit
    being having getting going doing making seeing spending taking trying hearing
    knowing feeling looking finding giving telling saying thinking working living
    coming helping keeping letting putting watching meeting talking sharing chatting
    myself yourself himself herself ourselves themselves each other people person
    everyone someone anyone here there now then well sure yes no out up back
    """
)
# Gerunds that name an activity even when followed by more words ("hiking in the hills").
ACTIVITIES = word_set(
    """
    hiking swimming running painting dancing reading writing cooking baking camping
    skiing snowboarding surfing singing gardening fishing cycling biking climbing
    drawing knitting traveling travelling gaming skating shopping walking jogging
    sewing sculpting pottery photography yoga kayaking sailing boxing journaling
    volunteering horseback riding rowing bowling golfing crocheting
    """
)

# Words ending in -ing that name no activity one takes up ("picked up something", "got into
# the wedding"): read by the hobby rows and the semantic cue.
NOT_HOBBY = word_set(
    "going doing getting thinking having being trying starting something nothing anything "
    "everything morning evening thing king ring spring bring during feeling looking making "
    "taking coming saying telling working living moving nothing ceiling building wedding "
    "meeting thing things pudding sibling darling using planning hoping wondering leaving "
    "clothing bedding earring icing frosting stuffing filling seasoning shopping cleaning "
    "parking lighting wiring plumbing string evening outing booking recording"
)

# Languages one speaks or learns ("I speak Spanish", "learning japanese on Duolingo").
LANGUAGES = word_set(
    """
    english spanish french german italian portuguese mandarin chinese cantonese japanese
    korean arabic hindi russian dutch swedish norwegian danish finnish polish turkish greek
    hebrew vietnamese thai tagalog swahili urdu bengali punjabi persian farsi ukrainian czech
    hungarian romanian indonesian malay latin icelandic irish welsh catalan asl
    """
)

# Instruments one plays or learns ("learning the cello").
INSTRUMENTS = word_set(
    "piano guitar violin viola cello drums bass ukulele saxophone sax flute clarinet trumpet "
    "harp banjo mandolin keyboard harmonica accordion"
)

# Words that make a capitalised phrase a time, not a name ("Christmas Eve", "New Year").
TIME_WORDS = word_set(
    """
    morning afternoon evening night day days week weekend month year years eve today
    tonight tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday
    january february march april may june july august september october november december
    christmas xmas easter thanksgiving halloween
    """
)
CONJUNCTIONS = word_set("and but or so because although though while whereas yet nor")
# Words that end a lower-case object phrase ("loves pottery *because* ...").
OBJECT_STOPS = word_set(
    """
    as when because if how what why where which who whom whose than then too so very
    really is are was were be been am has have had do does did will would can could
    should might must also even just only still again now here there every each all
    both either neither not no yes and but or nor yet while though although since until
    till after before during itself nonstop together anymore lately everyday recently
    """
)

# Heads of noun phrases: the phrase ("LGBTQ support group") names a group, an event, ...
GROUP_HEADS = word_set(
    """
    group club team society association league union church community band choir
    program programme organization organisation charity foundation network movement
    collective committee council class course center centre shelter
    """
)
EVENT_HEADS = word_set(
    """
    festival parade conference convention event meeting workshop concert show fair
    tournament race marathon competition summit retreat party ceremony exhibition
    exhibit camp seminar session hackathon rally march
    """
)
PLACE_HEADS = word_set(
    "park museum beach lake river mountain mountains trail library cafe café restaurant "
    "bar gym studio hospital school university college academy store shop mall market"
)
# Places one works at, named after a comma: "a record store downtown now, Vinyl Vault"
WORKPLACE_HEADS = PLACE_HEADS | word_set(
    "company startup firm agency bakery salon clinic hotel factory warehouse plant brewery "
    "bookshop bookstore pub diner garage lab nonprofit charity"
)
# Things that break and get fixed: "the printer" refers back to "HP LaserJet 4000 printer".
DEVICE_HEADS = word_set(
    """
    printer laptop computer pc phone smartphone tablet monitor screen router modem server
    camera car truck bike bicycle scooter console tv television fridge refrigerator oven
    stove dishwasher washer dryer microwave heater boiler furnace projector scanner copier
    keyboard mouse headphones speaker watch machine engine app website system device
    """
)
PET_SPECIES = word_set(
    "dog dogs cat cats puppy puppies kitten kittens pup pups doggy doggies hamster parrot "
    "bird rabbit bunny turtle tortoise fish horse pony guinea-pig snake lizard ferret gecko "
    "goldfish budgie parakeet cockatiel chinchilla hedgehog iguana axolotl bearded-dragon"
) | word_set(
    # breeds name the pet as well as the species does: "adopted a greyhound called Bran"
    "labrador retriever greyhound whippet lurcher poodle labradoodle goldendoodle cockapoo "
    "beagle terrier spaniel collie sheepdog malamute dachshund corgi pug bulldog frenchie "
    "chihuahua schnauzer rottweiler doberman pitbull staffie mastiff dalmatian pomeranian mutt "
    "tabby siamese ragdoll sphynx moggy canary cockatoo macaw"
)
# a breed -> its species ("my greyhound" is also "my dog")
PET_BREED_SPECIES = {
    **dict.fromkeys(
        word_set(
            "labrador retriever greyhound whippet lurcher poodle labradoodle goldendoodle "
            "cockapoo beagle terrier spaniel collie sheepdog malamute dachshund corgi pug "
            "bulldog frenchie chihuahua schnauzer rottweiler doberman pitbull staffie mastiff "
            "dalmatian pomeranian mutt"
        ),
        "dog",
    ),
    **dict.fromkeys(word_set("tabby siamese ragdoll sphynx moggy"), "cat"),
}
JOB_HEADS = word_set(
    """
    engineer developer programmer manager teacher nurse doctor designer analyst scientist
    consultant writer author artist chef cook lawyer accountant director officer
    assistant intern counselor counsellor therapist architect researcher professor
    lecturer driver mechanic technician coordinator specialist administrator editor
    photographer musician journalist pharmacist dentist veterinarian vet pilot firefighter
    electrician plumber carpenter cashier barista waiter waitress salesperson recruiter
    librarian paramedic surgeon psychologist social worker ceo cto cfo founder
    entrepreneur owner coach trainer instructor tutor volunteer
    dev devops sre rep clerk bartender receptionist associate carrier agent worker employee
    staffer admin marketer strategist producer attorney paralegal banker teller auditor
    hygienist caregiver nanny janitor operator supervisor lead
    violinist pianist guitarist drummer cellist singer dancer actor actress conductor
    composer translator interpreter economist physicist chemist biologist geologist
    statistician mathematician midwife physiotherapist physio optometrist radiographer
    dietitian nutritionist chiropractor surveyor welder roofer gardener landscaper farmer
    baker butcher florist tailor hairdresser barber stylist cleaner housekeeper courier
    postman postwoman soldier detective ranger lifeguard realtor broker underwriter actuary
    secretary executive headteacher curator archivist reporter columnist copywriter
    illustrator animator sommelier steward stewardess investigator inspector
    """
)
ROLES_MARRIED = word_set("husband wife spouse hubby wifey")
ROLES_DATING = word_set("boyfriend girlfriend bf gf partner fiance fiancé fiancee fiancée")
ROLES_FRIEND = word_set("friend bestie buddy pal bff bestfriend")
ROLES_FAMILY = word_set(
    "mom mother mum dad father sister brother son daughter cousin aunt uncle grandma sis bro "
    "grandmother grandpa grandfather niece nephew grandson granddaughter stepmom stepdad"
)

# Name suffixes and titles that fix a label.
ORG_SUFFIXES = word_set(
    "inc inc. ltd ltd. llc corp corp. corporation company co co. group bank university "
    "college institute foundation association agency labs studios partners hospital "
    # heads of company names: "Kestrel Freight", "Corvid Insights", "Harrow Rd Motors"
    "logistics freight motors autos analytics insights media games software ventures "
    "holdings industries enterprises technologies robotics pharmacy dental orthodontics "
    "vets airlines airways consulting"
)
LOCATION_SUFFIXES = word_set(
    "city town street st avenue ave road park lake river mountain mountains beach county "
    "island islands valley state province bay hills village"
)
PERSON_TITLES = word_set("dr mr mrs ms prof sir madam miss")

# A small gazetteer: the names most often met in chat (extend freely).
COUNTRIES = _phrases(
    "usa|us|america|united states|uk|united kingdom|england|scotland|wales|ireland|canada|"
    "mexico|brazil|argentina|chile|peru|colombia|france|germany|spain|portugal|italy|"
    "greece|netherlands|belgium|switzerland|austria|sweden|norway|denmark|finland|iceland|"
    "poland|ukraine|russia|turkey|egypt|morocco|kenya|nigeria|south africa|india|china|"
    "japan|korea|south korea|thailand|vietnam|indonesia|philippines|singapore|malaysia|"
    "australia|new zealand|israel|iran|pakistan|bangladesh|cuba|jamaica|hungary|croatia"
)
CITIES = _phrases(
    "new york|new york city|nyc|los angeles|la|san francisco|seattle|chicago|boston|austin|"
    "denver|miami|atlanta|dallas|houston|portland|philadelphia|washington|las vegas|"
    "san diego|phoenix|detroit|nashville|new orleans|orlando|london|paris|berlin|madrid|"
    "barcelona|rome|milan|amsterdam|dublin|lisbon|vienna|prague|stockholm|oslo|copenhagen|"
    "tokyo|kyoto|osaka|beijing|shanghai|hong kong|seoul|bangkok|sydney|melbourne|toronto|"
    "vancouver|montreal|mexico city|rio|dubai|mumbai|delhi|bangalore|cairo|istanbul|"
    "california|texas|florida|hawaii|alaska|oregon|colorado|arizona|nevada|utah|ohio|"
    "michigan|georgia|virginia|carolina|north carolina|south carolina|tennessee|montana|"
    "vermont|maine|midwest|europe|asia|africa|south america|north america|"
    # more cities people move between (no common words or first names: "nice", "reading")
    "manchester|birmingham|glasgow|edinburgh|liverpool|leeds|bristol|sheffield|newcastle|"
    "cardiff|belfast|brighton|nottingham|leicester|minneapolis|pittsburgh|baltimore|"
    "sacramento|san jose|salt lake city|kansas city|st louis|cleveland|cincinnati|columbus|"
    "indianapolis|milwaukee|raleigh|tampa|honolulu|anchorage|boise|albuquerque|tucson|"
    "oakland|brooklyn|manhattan|calgary|ottawa|edmonton|winnipeg|halifax|munich|hamburg|"
    "frankfurt|cologne|zurich|geneva|brussels|antwerp|rotterdam|lyon|marseille|toulouse|"
    "bordeaux|seville|valencia|porto|naples|turin|venice|bologna|athens|budapest|warsaw|"
    "krakow|bucharest|belgrade|zagreb|helsinki|tallinn|riga|vilnius|kyiv|kiev|moscow|"
    "nagoya|yokohama|sapporo|fukuoka|busan|incheon|taipei|manila|jakarta|bali|hanoi|"
    "ho chi minh city|saigon|kuala lumpur|chennai|hyderabad|kolkata|pune|karachi|lahore|"
    "dhaka|kathmandu|shenzhen|guangzhou|chengdu|tel aviv|jerusalem|abu dhabi|doha|riyadh|"
    "lagos|nairobi|cape town|johannesburg|accra|casablanca|marrakech|brisbane|perth|"
    "auckland|canberra|buenos aires|sao paulo|rio de janeiro|lima|bogota|medellin|quito|"
    "havana|guadalajara|monterrey|cancun"
)
ORGANIZATIONS = _phrases(
    "google|meta|facebook|apple|microsoft|amazon|netflix|tesla|ibm|intel|nvidia|openai|"
    "anthropic|twitter|uber|airbnb|spotify|salesforce|oracle|adobe|samsung|sony|hp|dell|"
    "walmart|starbucks|nasa|red cross|harvard|stanford|mit|oxford|cambridge|"
    "yale|princeton|berkeley|nike|disney|pixar|deloitte|mckinsey|linkedin|youtube|tiktok"
)

# -- states that change: diets, habits, health, cars and phones, roles at work -------------
DIETS = word_set(
    "vegan vegetarian pescatarian pescetarian keto paleo carnivore gluten-free dairy-free "
    "vegitarian vegeterian "
    "plant-based halal kosher low-carb whole30 flexitarian mediterranean atkins low-fodmap "
    "low-fat sugar-free intermittent-fasting raw-vegan"
)
# Habits one takes up and gives up ("I quit smoking", "gave up coffee").
HABITS = word_set(
    """
    smoking vaping drinking coffee caffeine alcohol booze sugar soda meat dairy gluten
    cigarettes cigs weed cannabis gambling gaming junk snacking caffeine energy beer wine
    cigarette drinks booze
    """
)
# Words between an article and a pet species ("a rescue dog", "a senior cat"): never "hot"
PET_ADJECTIVES = word_set(
    "new little sweet cute rescue senior older old young baby tiny big fluffy stray tabby "
    "second third another adopted lovely adorable"
)
# Health conditions ("I have the flu", "diagnosed with diabetes", "broke my leg").
CONDITIONS = word_set(
    """
    flu cold covid covid-19 fever migraine migraines cough infection pneumonia bronchitis
    diabetes asthma cancer depression anxiety insomnia allergies allergy strep
    mono concussion sprain injury burnout tonsillitis sinusitis shingles chickenpox
    measles headache headaches hypertension herniated sciatica arthritis tennis-elbow
    carpal-tunnel plantar-fasciitis tendinitis tendonitis shin-splints gout vertigo eczema
    """
)
BODY_PARTS = word_set(
    "leg arm wrist ankle foot hand finger toe knee hip shoulder back neck nose rib ribs "
    "collarbone elbow thumb acl hamstring calf achilles meniscus tendon spine jaw groin"
)
# Names that are cars or phones: owning one is the car one drives / the phone one uses.
CAR_NAMES = word_set(
    """
    car truck suv van jeep minivan pickup toyota honda tesla ford bmw mazda subaru volkswagen
    vw kia hyundai audi mercedes nissan chevy chevrolet volvo prius civic corolla camry
    accord rav4 outback lexus porsche mini fiat jaguar rivian polestar motorbike motorcycle
    ducati harley yamaha kawasaki vespa moped
    mustang tacoma wrangler crv cr-v f-150 f150 bronco silverado highlander sienna jetta passat
    tiguan altima sentra elantra forester impreza crosstrek miata cx-5 cx5 cayenne camaro
    corvette cherokee skoda peugeot renault citroen opel vauxhall dacia suzuki mitsubishi
    cadillac buick dodge chrysler acura infiniti octavia fabia clio qashqai yaris corsa astra
    fiesta micra ioniq sportage
    """
)
LAPTOP_NAMES = word_set("laptop macbook thinkpad xps chromebook notebook dell lenovo surface imac")
CAMERA_NAMES = word_set("camera canon nikon fujifilm fuji gopro leica a7 dslr mirrorless")
WATCH_NAMES = word_set("watch smartwatch garmin fitbit forerunner")
BIKE_NAMES = word_set(
    "bike bicycle e-bike ebike trek cannondale specialized brompton bianchi raleigh vanmoof "
    "orbea cervelo pinarello"
)
PHONE_NAMES = word_set(
    "phone smartphone iphone pixel galaxy android samsung oneplus motorola nokia xiaomi "
    "huawei blackberry xperia oppo realme fairphone"
)
# Roles at work: "my new manager is Priya" (the speaker is MANAGED_BY Priya).
ROLES_MANAGER = word_set("manager boss supervisor")
ROLES_PERSONAL = word_set(
    "coach doctor dentist therapist landlord landlady trainer tutor mentor teacher roommate "
    "flatmate accountant lawyer vet physio physiotherapist hairdresser barber pediatrician gp"
)
ROLES_LEAD = word_set("lead team-lead teamlead tech-lead")
# Everyone named by a role: never a thing one owns ("I got a new boss, Karen").
PEOPLE_ROLES = (
    ROLES_MARRIED | ROLES_DATING | ROLES_FRIEND | ROLES_FAMILY | ROLES_MANAGER | ROLES_PERSONAL
)
# Gyms by their names' heads: "joined Planet Fitness" is a membership, not a job.
GYM_HEADS = word_set("gym fitness crossfit")
# Habits that one ending gives up together: "I quit drinking" or "6 months sober" ends the
# beer and the wine told before, "quit smoking" the cigarettes.
HABIT_FAMILIES: tuple[frozenset[str], ...] = (
    word_set(
        "sobriety alcohol booze drinking drink drinks beer wine whisky whiskey vodka gin rum "
        "tequila cocktail cocktails liquor spirits cider"
    ),
    word_set("smoking smoke cigarettes cigarette cigs tobacco cigars nicotine"),
    word_set("caffeine coffee coffees espresso"),
    word_set("cannabis weed pot marijuana"),
)
# A condition said to come before another ("pre-diabetic" before "diabetes"): a prefix of its
# name; the later condition closes the earlier one (``successions.py``).
CONDITION_FORERUNNERS = ("pre-", "pre ", "borderline ")
