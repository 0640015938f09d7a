/**
 * `/api/v4/channels/{channel_id}/categories`: the category tree of a channel (docs/api.md, Channels,
 * forms, categories and states).
 */
import { Category, CategoryCreate, CategoryUpdate, ListedCategory } from "@fieldreport/domain/Category"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { created, done, envelope, fields, group, many, one } from "../Endpoint.ts"

/** The category endpoints. */
export const categories = group({
  name: "Categories",
  noun: "category",
  description:
    "Each channel has a tree of categories under one root category, at most 3 levels below the root; a " +
    "report names one category of its channel.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/channels/{channel_id}/categories",
      operationId: "listCategories",
      summary: "List a channel's categories",
      query: [fields(FieldCatalogue.categoryList)],
      replies: { 200: many(ListedCategory, "The categories; only `id` unless `fields` names more.") },
    },
    {
      method: "get",
      path: "/api/v4/channels/{channel_id}/categories/{id}",
      operationId: "getCategory",
      summary: "Fetch a category",
      query: [fields(FieldCatalogue.category)],
      replies: { 200: one(Category, "The category; every field unless `fields` picks some.") },
    },
    {
      method: "post",
      path: "/api/v4/channels/{channel_id}/categories",
      operationId: "createCategory",
      summary: "Create a category",
      description:
        "Channel admins. At most 3 levels below the root. Without `pin_color` the category takes its parent's " +
        "colour (the root's is the channel's default).",
      body: envelope("category", CategoryCreate),
      replies: { 201: created(Category, "The new category.") },
    },
    {
      method: "patch",
      path: "/api/v4/channels/{channel_id}/categories/{id}",
      operationId: "updateCategory",
      summary: "Update a category",
      description: "Channel admins.",
      body: envelope("category", CategoryUpdate),
      replies: { 200: one(Category, "The category.") },
    },
    {
      method: "delete",
      path: "/api/v4/channels/{channel_id}/categories/{id}",
      operationId: "deleteCategory",
      summary: "Delete a category",
      description: "Channel admins. A category that reports use, or that has children, is `409`.",
      replies: { 204: done("Deleted.") },
      errors: [409],
    },
  ],
})
