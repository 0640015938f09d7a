/**
 * What the demo shows: a city council's team with two channels, their categories, forms and
 * states, and the things people report, written as the API's own request bodies.
 */
import type { FieldDefinition } from "@fieldreport/domain/Form"

/** A channel of the demo with its category tree (name → sub-categories) and form fields. */
export interface DemoChannel {
  readonly name: string
  readonly categories: Readonly<Record<string, ReadonlyArray<string>>>
  readonly pinColors: ReadonlyArray<string>
  /** Extra fields after the default Category, Description and Image fields. */
  readonly fields: ReadonlyArray<typeof FieldDefinition.Encoded>
  readonly descriptions: ReadonlyArray<string>
}

const choices = (labels: ReadonlyArray<string>, multi = false) =>
  JSON.stringify({ multi_select: multi, options: labels.map((label) => ({ label })) })

export const team = { name: "Harbour City Council", industry: "Local government", location: "Wellington" }

/** Where the reports are: the centre of Wellington, New Zealand, and how far they spread. */
export const city = { latitude: -41.2865, longitude: 174.7762, spreadDegrees: 0.045 }

export const channels: ReadonlyArray<DemoChannel> = [
  {
    name: "Streets",
    categories: {
      Roads: ["Potholes", "Road markings", "Signs"],
      Lighting: ["Street lights out", "Flickering"],
      Graffiti: [],
      Rubbish: ["Illegal dumping", "Overflowing bins"],
    },
    pinColors: ["#d9480f", "#f59f00", "#7048e8", "#2b8a3e"],
    fields: [
      {
        label: "Severity",
        field_type: "DropDown",
        mandatory: false,
        data: choices(["Low", "Medium", "High"]),
      },
      {
        label: "Hazards",
        field_type: "CheckBox",
        data: choices(["Traffic", "Pedestrians", "Cyclists", "Children"], true),
      },
      { label: "Noticed at", field_type: "DateAndTime" },
      { label: "Nearest address", field_type: "ShortTextBox" },
      { label: "Documents", field_type: "FileUpload" },
    ],
    descriptions: [
      "Deep pothole in the left lane, cars are swerving around it.",
      "Line markings at the crossing have worn off.",
      "Street light has been out for three nights.",
      "Tagging on the bus shelter.",
      "Mattress and boxes dumped next to the recycling station.",
      "Bins overflowing after the weekend market.",
      "Give way sign bent over after a crash.",
      "Light flickers on and off all evening.",
    ],
  },
  {
    name: "Parks and reserves",
    categories: {
      Trees: ["Fallen tree", "Overhanging branches"],
      Tracks: ["Erosion", "Signage"],
      Playgrounds: [],
    },
    pinColors: ["#2f9e44", "#a5d8ff", "#e64980"],
    fields: [
      { label: "Access", field_type: "Radio", data: choices(["Open", "Restricted", "Closed"]) },
      { label: "Track name", field_type: "ShortTextBox" },
    ],
    descriptions: [
      "Large branch across the track after last night's wind.",
      "Track washed out below the lookout, slippery when wet.",
      "Swing chain broken at the playground.",
      "Direction sign missing at the junction.",
      "Pine leaning towards the path, roots lifting.",
    ],
  },
]

/** Report states beyond each channel's default New, In progress and Resolved. */
export const extraStates = [{ name: "Urgent", position: 4, appearance: "loud" }] as const

export const people = [
  { email: "manager@demo.fieldreport.test", first_name: "Mere", last_name: "Tane", role: "admin" },
  { email: "operator@demo.fieldreport.test", first_name: "Oliver", last_name: "Smith", role: "operator" },
  { email: "reporter@demo.fieldreport.test", first_name: "Aroha", last_name: "Ngata", role: "reporter" },
  { email: "viewer@demo.fieldreport.test", first_name: "Sam", last_name: "Lee", role: "viewer" },
] as const

/** How many reports the demo files, over how many days before the first start. */
export const reportCount = 300
export const days = 90
