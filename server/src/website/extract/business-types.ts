import { nodeTypes, type SchemaNode } from './structured-data.ts'

/**
 * Which agent template a schema.org business type asks for. The types are schema.org's own names;
 * a node typed with several (["Dentist", "LocalBusiness"]) takes its most specific one. A business of
 * any other kind takes the general template, and a page that names no business type proposes none.
 */
export const TEMPLATE_BY_TYPE: Readonly<Record<string, string>> = {
  Dentist: 'dental',
  Physician: 'medical',
  MedicalClinic: 'medical',
  MedicalBusiness: 'medical',
  MedicalOrganization: 'medical',
  Hospital: 'medical',
  Plumber: 'home-services',
  HVACBusiness: 'home-services',
  Electrician: 'home-services',
  RoofingContractor: 'home-services',
  HomeAndConstructionBusiness: 'home-services',
  GeneralContractor: 'home-services',
  HousePainter: 'home-services',
  Locksmith: 'home-services',
  RealEstateAgent: 'real-estate',
  Restaurant: 'restaurant',
  CafeOrCoffeeShop: 'restaurant',
  FoodEstablishment: 'restaurant',
  Bakery: 'restaurant',
  BarOrPub: 'restaurant',
  FastFoodRestaurant: 'restaurant',
  BeautySalon: 'salon-studio',
  HairSalon: 'salon-studio',
  DaySpa: 'salon-studio',
  HealthClub: 'salon-studio',
  NailSalon: 'salon-studio',
  HealthAndBeautyBusiness: 'salon-studio',
  LegalService: 'law-firm',
  Attorney: 'law-firm',
  Notary: 'law-firm',
}

/** Broad types a more specific one wins over (Dentist is a MedicalBusiness too, a Bakery a FoodEstablishment). */
const BROAD_TYPES = new Set([
  'MedicalBusiness',
  'MedicalOrganization',
  'HomeAndConstructionBusiness',
  'FoodEstablishment',
  'HealthAndBeautyBusiness',
])

/** Kinds of local business with no template of their own: they take the general one. */
const OTHER_BUSINESS_TYPES = new Set([
  'LocalBusiness',
  'Store',
  'ProfessionalService',
  'AccountingService',
  'FinancialService',
  'InsuranceAgency',
  'AutoRepair',
  'AutomotiveBusiness',
  'AutoDealer',
  'ChildCare',
  'DryCleaningOrLaundry',
  'EmergencyService',
  'EmploymentAgency',
  'EntertainmentBusiness',
  'LodgingBusiness',
  'Hotel',
  'Motel',
  'BedAndBreakfast',
  'TravelAgency',
  'VeterinaryCare',
  'AnimalShelter',
  'SelfStorage',
  'SportsActivityLocation',
  'ExerciseGym',
  'TattooParlor',
  'MovingCompany',
  'Optician',
  'Pharmacy',
  'Physiotherapy',
])

/** Names of local-business kinds schema.org has many of ("…Store", "…Service"); a bare "Service" is an offer. */
const BUSINESS_SUFFIX = /.(?:Business|Store|Shop|Agency|Contractor|Clinic|Restaurant|Salon|Service)$/

const ORGANIZATION_TYPES = new Set(['Organization', 'Corporation', 'NGO', 'OnlineBusiness'])

export const isBusinessType = (type: string): boolean =>
  type in TEMPLATE_BY_TYPE || OTHER_BUSINESS_TYPES.has(type) || BUSINESS_SUFFIX.test(type)

/** The template the node's types ask for: a specific one first, 'general' for other businesses, else null. */
export function templateForTypes(types: readonly string[]): string | null {
  const specific = types.map((type) => TEMPLATE_BY_TYPE[type]).filter((id): id is string => id !== undefined)
  const narrow = types.filter((type) => TEMPLATE_BY_TYPE[type] && !BROAD_TYPES.has(type))
  const first = narrow.length > 0 ? TEMPLATE_BY_TYPE[narrow[0] ?? ''] : specific[0]
  if (first) return first
  return types.some(isBusinessType) ? 'general' : null
}

const has = (node: SchemaNode, property: string) => node[property] !== undefined && node[property] !== null

/**
 * How strongly a node is the business itself: a local business 3, an organization 2, anything else
 * with a name and an address or telephone 1, else 0 (a WebSite, a WebPage, a BreadcrumbList…).
 */
function businessRank(node: SchemaNode): number {
  const types = nodeTypes(node)
  if (types.some(isBusinessType)) return 3
  if (types.some((type) => ORGANIZATION_TYPES.has(type))) return 2
  if (has(node, 'name') && (has(node, 'address') || has(node, 'telephone'))) return 1
  return 0
}

const DETAIL_PROPERTIES = [
  'name',
  'address',
  'telephone',
  'openingHours',
  'openingHoursSpecification',
  'description',
]

/** The page's node for the business: the best ranked, the one with the most details among equals. */
export function pickBusinessNode(nodes: readonly SchemaNode[]): SchemaNode | null {
  let best: SchemaNode | null = null
  let bestScore = 0
  for (const node of nodes) {
    const rank = businessRank(node)
    if (rank === 0) continue
    const score = rank * 100 + DETAIL_PROPERTIES.filter((property) => has(node, property)).length
    if (score > bestScore) {
      best = node
      bestScore = score
    }
  }
  return best
}

/**
 * A conservative guess from the home page's title and description when no schema.org type says it:
 * a template only when exactly one kind's words are there ("Family dentist in Springfield").
 */
const TEMPLATE_WORDS: readonly [string, RegExp][] = [
  ['dental', /\b(?:dentists?|dental|dentistry|orthodontics?|orthodontists?)\b/i],
  [
    'medical',
    /\b(?:physicians?|medical (?:practice|clinic|cent(?:er|re))|family (?:medicine|doctors?|practice)|pediatrics?|paediatrics?|doctor'?s office|gp surgery)\b/i,
  ],
  [
    'home-services',
    /\b(?:plumbing|plumbers?|hvac|electricians?|roofing|roofers?|handyman|locksmiths?|heating and (?:air|cooling))\b/i,
  ],
  ['real-estate', /\b(?:real estate|realtors?|realty|estate agents?)\b/i],
  ['restaurant', /\b(?:restaurant|trattoria|pizzeria|bistro|brasserie|steakhouse|diner|bakery|caf[eé])\b/i],
  [
    'salon-studio',
    /\b(?:hair salon|salon|barbers?|barbershop|nail studio|nails|day spa|beauty studio|yoga studio|pilates studio)\b/i,
  ],
  ['law-firm', /\b(?:law firm|law office|attorneys?|lawyers?|solicitors?|legal services)\b/i],
]

export function templateFromWords(text: string): string | null {
  const found = TEMPLATE_WORDS.filter(([, words]) => words.test(text)).map(([id]) => id)
  // A dental clinic is a clinic too: the dental words are the more specific.
  if (found.includes('dental'))
    return found.every((id) => id === 'dental' || id === 'medical') ? 'dental' : null
  return found.length === 1 ? (found[0] ?? null) : null
}
