/**
 * The partner files its cinemas and hotels under English city names (Lagos, Port Harcourt,
 * Benin City). Staff and customers type the names they say: Èkó in Yoruba, Legas in Hausa,
 * Enugwu in Igbo, often with tone marks. A city box's whole text that is such a name is sent as
 * the partner's name; anything else goes as typed (a film title, a street, a city not listed).
 */
const partnerNames: Readonly<Record<string, string>> = {
  // Lagos: Yoruba Èkó / Ìlú Èkó, Hausa Legas, Igbo Legọs.
  eko: 'Lagos',
  'ilu eko': 'Lagos',
  legas: 'Lagos',
  legos: 'Lagos',
  lagos: 'Lagos',
  // Yoruba spellings with tone marks fold to the partner's (Ìbàdàn, Abẹ́òkúta, Àbújá); Ìbìnní is Benin City.
  ibadan: 'Ibadan',
  abeokuta: 'Abeokuta',
  abuja: 'Abuja',
  ibinni: 'Benin City',
  'benin city': 'Benin City',
  // Hausa: Fatakwal is Port Harcourt.
  fatakwal: 'Port Harcourt',
  'port harcourt': 'Port Harcourt',
  kano: 'Kano',
  jos: 'Jos',
  // Igbo: Enugwu, Owere, Ọnịcha.
  enugwu: 'Enugu',
  enugu: 'Enugu',
  owere: 'Owerri',
  owerri: 'Owerri',
  onicha: 'Onitsha',
  onitsha: 'Onitsha',
  calabar: 'Calabar',
  uyo: 'Uyo',
};

/** Lower case, without tone marks or dots under letters (ẹ, ọ, ṣ, ị), one space between words. */
const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();

/** The partner's name of the city typed (Èkó -> Lagos), or the text as typed when it names none. */
export const partnerCityName = (text: string): string => partnerNames[folded(text)] ?? text;
