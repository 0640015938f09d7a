import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { joinChannel } from "../support/People.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
})
afterAll(() => server.close())

interface Field {
  readonly id: number
  readonly label: string
  readonly key: string
  readonly field_type: string
  readonly data: string
}

const getForm = (token: string, channelId: number, query = "") =>
  server.request("GET", `/api/v4/channels/${channelId}/form${query}`, { token })

const putForm = (token: string, channelId: number, form: unknown) =>
  server.request("PUT", `/api/v4/channels/${channelId}/form`, { token, body: { form } })

const byLabel = (fields: ReadonlyArray<Field>, label: string): Field => {
  const field = fields.find((candidate) => candidate.label === label)
  if (field === undefined) throw new Error(`no field ${label}`)
  return field
}

/** A field sent back as it is. */
const kept = (field: Field) => ({
  id: field.id,
  label: field.label,
  field_type: field.field_type,
  data: field.data,
})

describe("GET /api/v4/channels/{id}/form", () => {
  it("is readable by the channel's members and managers, not by others", async () => {
    expect((await getForm(world.viewer.token, world.channel.id)).status).toBe(200)
    expect((await getForm(world.manager.token, world.channel.id)).status).toBe(200)
    expect((await getForm(world.member.token, world.channel.id)).status).toBe(403)
    expect((await getForm(world.outsider.token, world.channel.id)).status).toBe(404)
    expect((await getForm(world.invited.token, world.channel.id)).status).toBe(404)
    expect((await server.request("GET", `/api/v4/channels/${world.channel.id}/form`)).status).toBe(401)
  })

  it("takes fields, listing unknown names in X-Ignored-Fields", async () => {
    const answer = await getForm(world.viewer.token, world.channel.id, "?fields=-fields,uuid")
    expect(answer.body).toEqual({ id: world.channel.form_id, name: "Cleaner streams", version: 1 })
    expect(answer.headers.get("x-ignored-fields")).toBe("uuid")
  })
})

describe("PUT /api/v4/channels/{id}/form", () => {
  let channel: ChannelInfo
  let original: ReadonlyArray<Field>

  beforeAll(async () => {
    channel = await createChannel(server, world.owner, world.teamId, "Form work")
    await joinChannel(server, channel.id, world.operator, "operator")
    await joinChannel(server, channel.id, world.reporter, "reporter")
    await joinChannel(server, channel.id, world.viewer, "viewer")
    original = (await getForm(world.owner.token, channel.id)).body.fields
  })

  it("replaces the definition: kept fields keep id and key, new ones get fresh keys, dropped ones go", async () => {
    const category = byLabel(original, "Category")
    const description = byLabel(original, "Description")
    const answer = await putForm(world.owner.token, channel.id, {
      name: "Hazards",
      id: 1234,
      version: 99,
      fields: [
        { ...kept(description), label: "What happened?", mandatory: true },
        kept(category),
        {
          label: "Severity",
          field_type: "DropDown",
          key: "f_1_1_1",
          data: JSON.stringify({
            multi_select: false,
            options: [{ label: "Low" }, { label: "High", is_default: true }],
          }),
        },
        { label: "Reference", field_type: "ShortTextBox", field_visibility: "private" },
      ],
    })
    expect(answer.status).toBe(200)
    const form = answer.body
    expect(form).toMatchObject({ id: channel.form_id, name: "Hazards", version: 2 })
    expect(form.fields.map((field: Field) => field.label)).toEqual([
      "What happened?",
      "Category",
      "Severity",
      "Reference",
    ])
    expect(form.fields[0]).toEqual({
      id: description.id,
      label: "What happened?",
      key: description.key,
      field_type: "Description",
      form_order: 0,
      data: "",
      mandatory: true,
      visibility: "public",
      field_visibility: "public",
      value: null,
      editable: true,
    })
    expect(form.fields[1]).toMatchObject({
      id: category.id,
      key: category.key,
      form_order: 1,
      mandatory: false,
    })
    const severity = form.fields[2]
    const reference = form.fields[3]
    // The default form took numbers 1 to 3; the new fields and options take the next ones in order.
    expect(severity.key).toBe(`f_${channel.form_id}_${severity.id}_4`)
    expect(JSON.parse(severity.data)).toEqual({
      multi_select: false,
      options: [
        {
          label: "Low",
          value: `${severity.key}_5_1`,
          enabled: true,
          multi_option_id: null,
          display_order: 0,
          is_default: false,
        },
        {
          label: "High",
          value: `${severity.key}_6_2`,
          enabled: true,
          multi_option_id: null,
          display_order: 1,
          is_default: true,
        },
      ],
    })
    expect(reference).toMatchObject({
      key: `f_${channel.form_id}_${reference.id}_7`,
      field_visibility: "private",
    })
    expect((await getForm(world.owner.token, channel.id)).body).toEqual(form)
  })

  it("keeps option values sent back, gives new options fresh ones, and brings back a removed field", async () => {
    const before = (await getForm(world.owner.token, channel.id)).body
    const severity = byLabel(before.fields, "Severity")
    const [low] = JSON.parse(severity.data).options
    const image = byLabel(original, "Image")
    const answer = await putForm(world.owner.token, channel.id, {
      name: "Hazards",
      fields: [
        ...before.fields.filter((field: Field) => field.label !== "Severity").map(kept),
        {
          ...kept(severity),
          data: JSON.stringify({
            multi_select: true,
            options: [{ label: "Medium" }, { label: "Low (minor)", value: low.value, enabled: false }],
          }),
        },
        kept(image),
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.body.version).toBe(3)
    const after = byLabel(answer.body.fields, "Severity")
    expect(after.key).toBe(severity.key)
    expect(JSON.parse(after.data)).toEqual({
      multi_select: true,
      options: [
        {
          label: "Medium",
          value: `${severity.key}_8_3`,
          enabled: true,
          multi_option_id: null,
          display_order: 0,
          is_default: false,
        },
        {
          label: "Low (minor)",
          value: low.value,
          enabled: false,
          multi_option_id: null,
          display_order: 1,
          is_default: false,
        },
      ],
    })
    expect(byLabel(answer.body.fields, "Image")).toMatchObject({ id: image.id, key: image.key })
  })

  it("lets only the channel's admins change the form", async () => {
    const definition = { name: "Mine", fields: [{ label: "Category", field_type: "Category" }] }
    for (const person of [world.reporter, world.viewer, world.operator, world.manager]) {
      expect((await putForm(person.token, channel.id, definition)).status).toBe(403)
    }
    expect((await putForm(world.outsider.token, channel.id, definition)).status).toBe(404)
    expect((await putForm(world.owner.token, 565_656, definition)).status).toBe(404)
  })

  it("names what is wrong with a definition", async () => {
    const current = (await getForm(world.owner.token, channel.id)).body
    const category = byLabel(current.fields, "Category")
    const description = byLabel(current.fields, "What happened?")
    const noCategory = await putForm(world.owner.token, channel.id, {
      name: "X",
      fields: [{ label: "Notes", field_type: "ShortTextBox" }],
    })
    expect(noCategory.status).toBe(422)
    expect(noCategory.body.errors).toEqual({ "form.fields": ["must hold exactly one Category field"] })
    const twoCategories = await putForm(world.owner.token, channel.id, {
      name: "X",
      fields: [kept(category), { label: "Another", field_type: "Category" }],
    })
    expect(Object.keys(twoCategories.body.errors)).toEqual(["form.fields"])
    const badData = await putForm(world.owner.token, channel.id, {
      name: "X",
      fields: [kept(category), { label: "Pick", field_type: "CheckBox", data: "{oops" }],
    })
    expect(badData.status).toBe(422)
    expect(Object.keys(badData.body.errors)).toEqual(["form.fields.1.data"])
    const unknownType = await putForm(world.owner.token, channel.id, {
      fields: [kept(category), { label: "Sketch", field_type: "Drawing" }],
    })
    expect(Object.keys(unknownType.body.errors).sort()).toEqual(["form.fields.1.field_type", "form.name"])
    const foreignField = byLabel(
      (await getForm(world.owner.token, world.channel.id)).body.fields,
      "Description",
    )
    const wrongIds = await putForm(world.owner.token, channel.id, {
      name: "X",
      fields: [kept(category), { ...kept(description), field_type: "ShortTextBox" }, kept(foreignField)],
    })
    expect(wrongIds.status).toBe(422)
    expect(Object.keys(wrongIds.body.errors).sort()).toEqual(["form.fields.1.field_type", "form.fields.2.id"])
    expect(
      (
        await server.request("PUT", `/api/v4/channels/${channel.id}/form`, {
          token: world.owner.token,
          body: {},
        })
      ).status,
    ).toBe(422)
  })

  it("changes nothing when a definition fails", async () => {
    const before = (await getForm(world.owner.token, channel.id)).body
    const category = byLabel(before.fields, "Category")
    const failed = await putForm(world.owner.token, channel.id, {
      name: "Half done",
      fields: [
        { label: "Brand new", field_type: "DropDown", data: JSON.stringify({ options: [{ label: "A" }] }) },
        kept(category),
        { id: 909_090, label: "Ghost", field_type: "ShortTextBox" },
      ],
    })
    expect(failed.status).toBe(422)
    expect((await getForm(world.owner.token, channel.id)).body).toEqual(before)
    // No key number was used up by the failed attempt either.
    const next = await putForm(world.owner.token, channel.id, {
      name: before.name,
      fields: [...before.fields.map(kept), { label: "After", field_type: "FreeText" }],
    })
    const after = byLabel(next.body.fields, "After")
    expect(after.key).toBe(`f_${channel.form_id}_${after.id}_9`)
    expect(next.body.version).toBe(before.version + 1)
  })
})
