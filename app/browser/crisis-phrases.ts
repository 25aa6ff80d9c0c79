/**
 * Risk phrases a person in crisis may write in a form (docs/decisions/023-crisis-notice-in-forms.md: the list, its
 * sources and its measured error rates). Matched in the browser only, on text normalised by
 * `normalize`: lower case, no accents (ñ and ç too), every run of other characters one space, so
 * "Me quiero MORIR…" and "me quiero morir" read the same and an apostrophe separates words
 * ("treure'm" → "treure m", "don't" → "don t"). Nothing about a match leaves the page.
 *
 * Each pattern is a curated expression of suicidal ideation, intent, method or self-harm, not a
 * single word: ordinary idioms that share the words ("me muero de ganas", "el trabajo me mata",
 * "me voy a tirar a la piscina", "acabar con todo el estrés") are left out on purpose.
 */

/** Lower case, accents removed, everything but letters and digits one space, padded. */
export function normalize(text: string) {
  const plain = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ");
  return ` ${plain.trim()} `;
}

const WANT = "(?:quiero|kiero|quisiera|deseo|prefiero|preferiria|queria|necesito|me gustaria)";
const LIFE = "(?:mi vida|mi propia vida|todo|con todo)";

const PATTERNS: RegExp[] = [
  // Every language: suicidio, suicidarme, suïcidi, suizidio, suicide, suicidal.
  /\b(?:suicid|suizid)/,
  /\bautolesi/,
  /\bsobredosis\b|\boverdose\b/,

  // Castellano.
  new RegExp(
    `\\b${WANT} (?:morir|morirme|estar muert[oa])\\b(?! de (?:viej|mayor|risa|ganas|verguenza))`,
  ),
  /\bme (?:quiero|kiero|quisiera) morir\b/,
  /\b(?:ganas|deseos?) de (?:morir|morirme|morrer|matarme|desaparecer)\b/,
  /\bojala (?:me muriera|me muera|me muriese|estuviera muert|no despertar|no despierte)/,
  /\bno (?:quiero|quisiera) (?:volver a )?despertar(?:me)?\b/,
  /\bdormir(?:me)? y no (?:volver a )?despertar/,
  /\b(?:estaria|estariamos|estar|mejor) (?:mejor )?muert[oa]s?\b/,
  /\b(?:estaria|estarian|estaran|vivirian|estarias) mejor sin mi\b/,
  /\b(?:pensamientos?|ideas?) (?:de|sobre) (?:muerte|morir|morirme|matarme|quitarme la vida)\b/,
  /\b(?:pienso|pensando|pensado|piensa) (?:mucho )?en (?:morir|morirme|matarme|quitarme|suicid|la muerte|acabar con)/,
  /\bquit(?:ar|arme|arse|o|e|aria|are)(?: me| se)? la vida\b/,
  /\bmatarme\b(?! a \w+ar\b)/,
  /\bme (?:voy a|quiero|pienso|podria|deberia|kiero) matar\b(?! a \w+ar\b)/,
  /\bno (?:quiero|quisiera|tengo ganas de|puedo|aguanto|soporto) (?:seguir |mas )?vivi(?:r|endo)\b/,
  /\b(?:sin|pocas|ningunas) ganas de vivir\b/,
  /\bno (?:vale|merece) la pena (?:vivir|seguir viviendo|seguir vivo|seguir viva)\b/,
  /\b(?:no tiene|no le veo|sin) sentido (?:vivir|seguir viviendo|a la vida|a mi vida)\b/,
  /\bmi vida no tiene (?:sentido|ningun sentido)\b/,
  /\b(?:dejar de|no quiero|no quisiera) existir\b/,
  new RegExp(
    `\\b(?:acabar|terminar|poner fin|ponerle fin) (?:con|a) ${LIFE}\\b(?! (?:el|la|lo|los|las|este|esta|eso|esto)\\b)`,
  ),
  /\b(?:hacerme|me hago|me hice|me he hecho) dano\b(?! en (?:la|el|los|las|un|una) )/,
  /\b(?:lastimarme|me lastimo|me he lastimado a proposito)\b/,
  /\bcortarme (?:las venas|los brazos|las munecas|las piernas|la piel)\b/,
  /\bme (?:corto|cortaba|he cortado|corte|sigo cortando) (?:las venas|los brazos|las munecas|las piernas|la piel|a proposito|con (?:cuchillas|una cuchilla|un cuchillo|cristales|tijeras))\b/,
  /\bcort\w*(?: \w+){0,3} (?:las venas|las munecas)\b/,
  /\bme corto $/,
  /\b(?:tirarme|lanzarme|arrojarme|me voy a tirar|me quiero tirar) (?:por|de|desde|a) (?:la ventana|un puente|el puente|el balcon|la via|las vias|un edificio|la azotea|un tren|el tren|al tren|al vacio|un acantilado|lo alto)\b/,
  /\blanzarme al vacio\b/,
  /\b(?:ahorcarme|colgarme de|colgarme del|me voy a colgar|me quiero colgar)\b/,
  /\b(?:tomarme|tragarme|me tomo|me tomaria|me tomare|me voy a tomar|me he tomado|me tome) todas (?:las|mis) pastillas\b/,
  /\b(?:tomarme|tragarme) (?:las|mis) pastillas\b(?! (?:de|para)\b)/,
  /\bempastillarme\b/,
  /\b(?:desaparecer|irme) para siempre\b/,
  /\b(?:quiero|kiero|quero|quisiera) desaparecer\b(?! (?:de|del) )/,
  /\bcarta de despedida\b/,
  /\bnadie me (?:echaria|echara|va a echar) de menos\b/,
  /\bsoy (?:solo )?una carga\b(?! de trabajo)/,

  // Català.
  /\b(?:vull|voldria|desitjo|vol) morir\b/,
  /\bem vull morir\b/,
  /\btreure m la vida\b|\btreure me la vida\b/,
  /\bmatar me\b/,
  /\bno vull (?:viure|seguir vivint|continuar vivint|despertar)\b/,
  /\b(?:fer me|em faig|m he fet) mal\b/,
  /\bacabar amb (?:tot|la meva vida)\b(?! (?:el|la|els|les|aixo)\b)/,
  /\bvull desapareixer\b/,
  /\bestaria millor mort[a]?\b/,
  /\bestarien millor sense mi\b/,
  /\bno val la pena viure\b/,
  /\b(?:tallar me|em tallo) (?:les venes|els bracos|els canells)\b/,
  /\b(?:llancar me|tirar me) (?:per|des de|a) (?:la finestra|un pont|el balco|la via)\b/,
  /\bsoc una carrega\b/,
  /\bpensaments de (?:mort|morir|suicidi)\b/,

  // Euskara.
  /\bhil (?:egin )?nahi (?:dut|naiz|nuke)\b/,
  /\bhil nahiko nuke\b/,
  /\b(?:nire|neure) burua hil\b/,
  /\bburuaz beste egi/,
  /\bez (?:dut|dudala) (?:gehiago )?bizi nahi\b/,
  /\bbizitzari amaiera eman/,
  /\bbizitza amaitu nahi\b/,
  /\b(?:nire|neure) buruari min egi/,
  /\bdesagertu nahi (?:dut|nuke)\b/,
  /\bhiltzeko gogo/,
  /\bhiltzea (?:nahi|pentsatzen)/,

  // Galego.
  /\b(?:quero|quixera|desexo|prefiro) morrer\b/,
  /\bquitarme a vida\b|\bquitar me a vida\b/,
  /\bnon (?:quero|quixera) (?:vivir|seguir vivindo|seguir vivo|seguir viva|espertar)\b/,
  /\bfacerme dano\b/,
  /\bestaria mellor mort[oa]\b|\bmellor mort[oa]\b/,
  /\bestarian mellor sen min\b/,
  /\bdesaparecer para sempre\b/,
  /\bnon paga a pena vivir\b/,
  /\bfin a mina vida\b/,
  /\bcortarme as venas\b/,
  /\btirarme (?:pola|dende|desde|da) (?:fiestra|ventana|ponte|balcon)\b/,

  // English.
  /\bkill(?:ing)? my ?self\b|\bkms\b/,
  /\b(?:want|wanna|wanted|wanting|going|gonna|need) (?:to )?die\b/,
  /\bwish i (?:was|were|could be) dead\b|\bwish i could die\b/,
  /\b(?:end|ending|take|taking) (?:my (?:own )?life|it all)\b/,
  /\bself ?harm/,
  /\b(?:hurt|hurting|cut|cutting|harm|harming) my ?self\b/,
  /\b(?:don t|do not|dont|no longer) want to (?:live|be alive|wake up|exist|be here anymore)\b/,
  /\bno (?:reason|point) (?:to|in) (?:live|living|go on|going on)\b/,
  /\bbetter off (?:dead|without me)\b/,
  /\bhang my ?self\b/,
  /\bjump (?:off|from) (?:a|the) (?:bridge|building|roof|cliff)\b/,
];

/** Whether the text holds one of the risk phrases. */
export function mentionsCrisis(text: string) {
  const plain = normalize(text);
  return PATTERNS.some((pattern) => pattern.test(plain));
}
