// The quote request in Spanish (issue 29): formal "usted", the glossary's terms (data/es/glossary.yaml). A Spanish
// page hands the form its words in the island's props; option values stay English.
import type { QuoteWords } from "./quote-words";

export const spanishQuoteWords: QuoteWords = {
  quoteForm: {
    labels: {
      full_name: "Nombre completo",
      phone: "Teléfono",
      email: "Correo electrónico",
      from_location: "Lugar de salida (ciudad o centro médico)",
      to_location: "Lugar de llegada (ciudad o centro médico)",
      preferred_date: "Fecha preferida",
      urgency: "Urgencia",
      mobility: "Movilidad",
      equipment: "Equipo (si está recetado)",
      notes: "Notas",
      consent: "Consentimiento",
      company: "Empresa (deje este campo vacío)",
    },
    options: {
      Today: "Hoy",
      "24-48 hrs": "En 24 a 48 horas",
      "Planned (3+ days)": "Programado (en 3 días o más)",
      Stretcher: "Camilla",
      Wheelchair: "Silla de ruedas",
      "Ambulatory / Seat": "Puede caminar / Asiento",
      Oxygen: "Oxígeno",
      IV: "Vía intravenosa (IV)",
      Monitor: "Monitor",
      Other: "Otro",
    },
    messages: {
      full_name: "El nombre es obligatorio",
      phone: "El teléfono es obligatorio",
      phoneInvalid: "Por favor, escriba un número de teléfono válido",
      emailInvalid: "Por favor, escriba un correo electrónico válido",
      from_location: "El lugar de salida es obligatorio",
      to_location: "El lugar de llegada es obligatorio",
      urgency: "La urgencia es obligatoria",
      mobility: "La movilidad es obligatoria",
      consent: "El consentimiento es obligatorio",
      submitting: "Enviando...",
      success: "¡Su solicitud de cotización se envió correctamente!",
      redirecting: "Redirigiendo a la página de confirmación...",
      failure: "Algo salió mal. Por favor, inténtelo de nuevo.",
      emergency: "En caso de emergencia, llame al 911.",
      humanCheckWrong: "Esa no es la respuesta correcta. Por favor, inténtelo de nuevo.",
    },
    required: "(obligatorio)",
    hint: "Los campos marcados (obligatorio) se deben completar.",
    consent:
      "Entiendo que este formulario es solo para coordinar vuelos no urgentes y para información general, y no incluiré datos médicos delicados.",
    notesPlaceholder:
      "Todo lo que nos ayude a planear el viaje, como los horarios o quién más viajará. Por favor, no incluya datos médicos delicados.",
    humanCheck: "Por favor, resuelva: 3 + 4 = ?",
    verify: "Verificar",
    submit: "Pida una cotización",
    privacy: "Cómo guardamos y usamos su solicitud",
    todayCall: [
      "Para un vuelo hoy, por favor llámenos también al ",
      " después de enviar este formulario, para que un coordinador pueda comenzar de inmediato.",
    ],
    previewNotice: "Esta es una vista previa del sitio web. Este formulario no envía solicitudes.",
    previewCall: ["Para pedir una cotización, por favor llame al ", ": un coordinador responde las 24 horas, los 7 días de la semana."],
    noScript: [
      "Este formulario necesita JavaScript para enviarse. Por favor, llame al ",
      ": un coordinador responde las 24 horas, los 7 días de la semana.",
    ],
  },
  quoteSection: {
    dialogHeading: "Pida una cotización",
    close: "Cerrar",
    dialogIntro: [
      "Un coordinador le devolverá la llamada. ¿Prefiere hablar ahora? Llame al ",
      ", las 24 horas, los 7 días de la semana.",
    ],
    footerHeading: "Pida que le llamemos",
    footerIntro: "Déjenos su nombre y número, y un coordinador le devolverá la llamada.",
    callbackButton: "Pida que le llamemos",
    contactHeading: "Pida una cotización",
    contactIntro: [
      "Díganos a dónde y cuándo necesita viajar el paciente, y un coordinador le devolverá la llamada. Para algo urgente, llame al ",
      ".",
    ],
  },
  formPost: {
    heading: "Su solicitud no se envió",
    correct:
      "Por favor, vuelva al formulario con el botón Atrás de su navegador (lo que escribió sigue ahí), corrija lo siguiente y envíelo de nuevo:",
    notStored:
      "No pudimos guardar su solicitud en este momento, así que no ha llegado a un coordinador. Por favor, vuelva al formulario con el botón Atrás de su navegador (lo que escribió sigue ahí) y envíelo de nuevo en un momento.",
    notOurSite:
      "Este formulario no se envió desde nuestro sitio web, así que no se aceptó. Por favor, envíelo desde el formulario de nuestro sitio web.",
    call: ["O llame al ", ": un coordinador responde las 24 horas, los 7 días de la semana."],
  },
};
