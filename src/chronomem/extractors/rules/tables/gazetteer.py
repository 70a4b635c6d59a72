"""What makes a name a kind of entity: head nouns, suffixes, titles and known names.

"LGBTQ support group" names a group by its head, "Acme Inc" an organisation by its suffix,
"Dr Lee" a person by a title; the small gazetteer lists the countries, cities and
organisations most often met in chat (extend freely). Lower-case, matched
case-insensitively.
"""

from __future__ import annotations

from chronomem.text.words import phrases as _phrases
from chronomem.text.words import word_set

# Heads of noun phrases: the phrase ("LGBTQ support group") names a group, an event, ...
GROUP_HEADS = word_set(
    """
    group club team society association league union church community band choir
    orchestra ensemble troupe squad
    program programme organization organisation charity foundation network movement
    collective committee council class course center centre shelter
    """
)
# The groups that are no one's workplace: "works at the distribution centre", "works for
# the council" name employers; "works at the choir" does not.
NOT_EMPLOYERS = GROUP_HEADS - word_set("center centre council charity shelter foundation")

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
    "bookshop bookstore pub diner garage lab nonprofit charity deli cinema cinemas"
)

# Heads of places one works at and never lives in ("the Heritage Gold showroom", "Bolu
# market"): a home is never one of them
NO_HOME_HEADS = word_set(
    "market shop store showroom factory plant warehouse office workshop clinic hospital "
    "bakery salon restaurant cafe café garage lab brewery mill mine depot bank"
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

# Name suffixes and titles that fix a label.
# words that open an organisation's name: "Club Atlético Ribera", "FC Utrecht", "University
# of Ghana", "Bank of Valletta"
ORG_PREFIXES = word_set("club fc afc ac sc cf cd university college bank institute academy")
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

# Gyms by their names' heads: "joined Planet Fitness" is a membership, not a job.
GYM_HEADS = word_set("gym fitness crossfit")
