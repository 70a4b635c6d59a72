"""The things of a life the rule extractor knows by name: activities, languages and
instruments, pets, jobs and roles, diets, habits, health, cars, phones and other devices.

Rows of the pattern table build their alternatives from these lists; a value that belongs
to one (a diet, a car) is what makes a fact hold one value at a time. Lower-case, matched
case-insensitively. Extend a list here rather than adding a branch in the code.
"""

from __future__ import annotations

from chronomem.text.time_words import APPOINTMENT_ROLES as APPOINTMENT_ROLES
from chronomem.text.words import word_set

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
# the wedding"): read by the hobby rows.
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

# a breed -> its species: breeds name the pet as well as the species does ("adopted a
# greyhound called Bran"), and "my greyhound" is also "my dog"
PET_BREED_SPECIES = {
    **dict.fromkeys(
        word_set(
            "labrador retriever greyhound whippet lurcher poodle labradoodle goldendoodle "
            "cockapoo beagle terrier spaniel collie sheepdog malamute dachshund corgi pug "
            "bulldog frenchie chihuahua schnauzer rottweiler doberman pitbull staffie mastiff "
            "dalmatian pomeranian mutt kelpie heeler akita shiba samoyed vizsla "
            "weimaraner cavoodle cavapoo maltipoo bichon westie basenji "
            "borzoi saluki dobermann"
        ),
        "dog",
    ),
    **dict.fromkeys(word_set("tabby siamese ragdoll sphynx moggy"), "cat"),
    **dict.fromkeys(word_set("african-grey lovebird conure"), "parrot"),
}

PET_SPECIES = word_set(
    "dog dogs cat cats puppy puppies kitten kittens pup pups doggy doggies hamster parrot "
    "bird rabbit bunny turtle tortoise fish horse pony guinea-pig snake lizard ferret gecko "
    "goldfish budgie parakeet cockatiel chinchilla hedgehog iguana axolotl bearded-dragon "
    "canary cockatoo macaw "
    # kept animals of a farm, a stable or a falconer (not those that are also food)
    "mule donkey mare stallion gelding foal goat alpaca llama hen rooster cockerel camel "
    "reindeer falcon hawk gerbil rat tarantula"
) | frozenset(PET_BREED_SPECIES)

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
    picker packer loader dispatcher controller porter miner shearer fisherman beekeeper
    labourer laborer builder plasterer decorator bricklayer joiner locksmith machinist
    fitter foreman forewoman warden bouncer usher concierge chauffeur childminder carer
    sonographer phlebotomist pathologist radiologist anaesthetist anesthetist medic orderly
    dishwasher merchandiser shopkeeper fishmonger jeweller jeweler seamstress dressmaker
    bookkeeper solicitor barrister magistrate constable sergeant sailor deckhand skipper
    installer handyman caretaker groundsman arborist zookeeper groomer referee umpire
    presenter broadcaster newsreader podcaster tester sysadmin headmaster headmistress
    principal vicar pastor imam rabbi chaplain leader
    """
)

# departments one works in: "I'm in HR at Tindall Mills", "she's in sales" (no place one lives)
DEPARTMENTS = word_set(
    "hr marketing sales finance accounts accounting payroll legal it engineering operations ops "
    "procurement compliance logistics admin administration research comms pr"
)

ROLES_MARRIED = word_set("husband wife spouse hubby wifey")

ROLES_DATING = word_set("boyfriend girlfriend bf gf partner fiance fiancé fiancee fiancée")

ROLES_FRIEND = word_set("friend bestie buddy pal bff bestfriend")

ROLES_FAMILY = word_set(
    "mom mother mum dad father sister brother son daughter cousin aunt uncle grandma sis bro "
    "grandmother grandpa grandfather niece nephew grandson granddaughter stepmom stepdad "
    # the homely names of kin: "my nan", "my grandad", "my auntie"
    "nan nana nanna gran granny grandad granddad grandmum auntie aunty ma mam mammy mummy "
    "stepson stepdaughter stepbrother stepsister twin"
)

# -- states that change: diets, habits, health, cars and phones, roles at work -------------
DIETS = word_set(
    "vegan vegetarian pescatarian pescetarian keto paleo carnivore gluten-free dairy-free "
    "vegitarian vegeterian veggie "
    "plant-based halal kosher low-carb whole30 flexitarian mediterranean atkins low-fodmap "
    "low-fat sugar-free intermittent-fasting raw-vegan"
)

# Foods a diet keeps out: eating one now ("back on meat", "I now eat fish", "started having
# dairy") ends the diet held.
DIET_BREAKERS = word_set(
    "meat fish chicken beef pork bacon steak steaks burger burgers ham seafood dairy cheese "
    "milk eggs carbs bread pasta sugar"
)
# Habits one takes up and gives up ("I quit smoking", "gave up coffee").
HABITS = word_set(
    """
    smoking vaping drinking coffee caffeine alcohol booze sugar soda meat dairy gluten
    cigarettes cigs weed cannabis gambling gaming junk snacking caffeine energy beer wine
    cigarette drinks booze
    """
)

# Health conditions ("I have the flu", "diagnosed with diabetes", "broke my leg").
CONDITIONS = word_set(
    """
    flu cold covid covid-19 fever migraine migraines cough infection pneumonia bronchitis
    diabetes asthma cancer depression anxiety insomnia allergies allergy strep
    mono concussion sprain injury burnout tonsillitis sinusitis shingles chickenpox
    measles headache headaches hypertension herniated sciatica arthritis tennis-elbow
    carpal-tunnel plantar-fasciitis tendinitis tendonitis shin-splints gout vertigo eczema
    stomach-bug tummy-bug food-poisoning norovirus slipped-disc herniated-disc whiplash
    high-blood-pressure low-blood-pressure high-cholesterol
    """
)

# An illness the list lacks, named by the ending medicine gives its words ("a basal cell
# carcinoma", "appendicitis", "endometriosis", "anaemia", "neuropathy", "fibromyalgia"),
# with up to two words before it; not the words of other kinds that end so
_NOT_ILLNESSES = (
    "diploma aroma soma paloma oklahoma diagnosis prognosis hypnosis osmosis symbiosis "
    "academia empathy sympathy antipathy telepathy homeopathy nostalgia"
)
_NO_MODIFIER = (
    "had have has having been got getting a an the my your his her our their some this that "
    "with from of and or in on at is was"
)
DISEASE_WORDS = (
    rf"(?:(?!(?:{'|'.join(_NO_MODIFIER.split())})\b)[a-z]+ ){{0,2}}?"
    rf"(?!(?:{'|'.join(_NOT_ILLNESSES.split())})\b)[a-z]{{3,}}(?:oma|itis|osis|a?emia|pathy|algia)"
)

BODY_PARTS = word_set(
    "leg arm wrist ankle foot hand finger toe knee hip shoulder back neck nose rib ribs "
    "collarbone elbow thumb acl hamstring calf achilles meniscus tendon spine jaw groin "
    "stomach tummy throat chest eye ear temple forehead cheek scalp chin lip"
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

# Every name of a device line above: a name that tells a thing's kind ("my Pixel", "the
# Brompton"), read by ``analysis/kinds.py`` and ``normalise/texting.py``.
DEVICE_NAMES = CAR_NAMES | PHONE_NAMES | LAPTOP_NAMES | CAMERA_NAMES | WATCH_NAMES | BIKE_NAMES

# Roles at work: "my new manager is Priya" (the speaker is MANAGED_BY Priya).
ROLES_MANAGER = word_set("manager boss supervisor foreman forewoman")

ROLES_PERSONAL = word_set(
    "coach doctor dentist therapist landlord landlady trainer tutor mentor teacher roommate "
    "flatmate accountant lawyer vet physio physiotherapist hairdresser barber pediatrician gp "
    # the carers one is assigned ("my midwife is Sister Abrines", "my caseworker")
    "midwife nurse caseworker counsellor counselor psychiatrist psychologist surgeon consultant "
    "optician chiropractor osteopath carer"
)

# The people one has an appointment with: "dentist on the 20th" is a plan

ROLES_LEAD = word_set("lead team-lead teamlead tech-lead")

# What one "gets" that is no thing one owns ("got a new job at X", "a new role"): the job
# rows read it; as OWNS it would be a possession called "job".
NOT_THINGS = word_set("job jobs role position gig internship career team baby")
# Everyone named by a role: never a thing one owns ("I got a new boss, Karen").
PEOPLE_ROLES = (
    ROLES_MARRIED | ROLES_DATING | ROLES_FRIEND | ROLES_FAMILY | ROLES_MANAGER | ROLES_PERSONAL
)

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
