/**
 * The `labels` of content types and taxonomies (edit context of core/v2/types and
 * core/v2/taxonomies): the keys WordPress 6.8 lists, in its order, with `null` where it has no
 * text for that kind of entry (a parent label on a flat type, comma help on a hierarchical
 * taxonomy). The wording is this project's own, made from each entry's singular and plural
 * names; admin screens read these, so only their presence and kind matter to clients.
 */
import type { PostTypeEntry } from '../../contract/post-types.ts';
import type { TaxonomyInfo } from '../terms/taxonomies.ts';

type Labels = Record<string, string | null>;

export function postTypeLabels(t: PostTypeEntry): Labels {
  const one = t.labels.singularName;
  const many = t.labels.name;
  const lowerOne = one.toLowerCase();
  const lowerMany = many.toLowerCase();
  const labels: Labels = {
    name: many,
    singular_name: one,
    add_new: 'Add',
    add_new_item: `Add ${one}`,
    edit_item: `Edit ${one}`,
    new_item: `New ${one}`,
    view_item: `View ${one}`,
    view_items: `View ${many}`,
    search_items: `Search ${many}`,
    not_found: `No ${lowerMany} found.`,
    not_found_in_trash: `No ${lowerMany} in the trash.`,
    parent_item_colon: t.hierarchical ? `Parent ${lowerOne}:` : null,
    all_items: `All ${many}`,
    archives: `${one} archives`,
    attributes: `${one} attributes`,
    insert_into_item: `Insert into ${lowerOne}`,
    uploaded_to_this_item: `Uploaded to this ${lowerOne}`,
    featured_image: 'Featured image',
    set_featured_image: 'Choose featured image',
    remove_featured_image: 'Remove featured image',
    use_featured_image: 'Use as featured image',
    filter_items_list: `Filter the ${lowerMany} list`,
    filter_by_date: 'Filter by date',
    items_list_navigation: `${many} list pages`,
    items_list: `${many} list`,
    item_published: `${one} is published.`,
    item_published_privately: `${one} is published privately.`,
    item_reverted_to_draft: `${one} is a draft again.`,
    item_trashed: `${one} moved to the trash.`,
    item_scheduled: `${one} is scheduled.`,
    item_updated: `${one} is updated.`,
    item_link: `${one} link`,
    item_link_description: `Links to one ${lowerOne}.`,
    menu_name: many,
    name_admin_bar: one,
  };
  // Every type but posts and pages names the template of its single view.
  if (t.holdsFile) labels.template_name = `One ${lowerOne} item`;
  else if (t.labels.templateName) labels.template_name = t.labels.templateName;
  return labels;
}

export function taxonomyLabels(t: TaxonomyInfo): Labels {
  const one = t.singular;
  const many = t.name;
  const lowerOne = one.toLowerCase();
  const lowerMany = many.toLowerCase();
  const tree = t.hierarchical;
  return {
    name: many,
    singular_name: one,
    search_items: `Search ${many}`,
    popular_items: tree ? null : `Most used ${lowerMany}`,
    all_items: `All ${many}`,
    parent_item: tree ? `Parent ${lowerOne}` : null,
    parent_item_colon: tree ? `Parent ${lowerOne}:` : null,
    name_field_description: 'The name shown on the site.',
    slug_field_description: 'The name in addresses: lowercase letters, digits and hyphens.',
    parent_field_description: tree ? `A ${lowerOne} placed under another one forms a tree.` : null,
    desc_field_description: 'Shown only where the theme chooses to.',
    edit_item: `Edit ${one}`,
    view_item: `View ${one}`,
    update_item: `Update ${one}`,
    add_new_item: `Add ${one}`,
    new_item_name: `Name of the new ${lowerOne}`,
    separate_items_with_commas: tree ? null : `Separate ${lowerMany} with commas`,
    add_or_remove_items: tree ? null : `Add or remove ${lowerMany}`,
    choose_from_most_used: tree ? null : `Pick from the most used ${lowerMany}`,
    not_found: `No ${lowerMany} found.`,
    no_terms: `No ${lowerMany}`,
    filter_by_item: tree ? `Filter by ${lowerOne}` : null,
    items_list_navigation: `${many} list pages`,
    items_list: `${many} list`,
    most_used: 'Most used',
    back_to_items: `Back to ${lowerMany}`,
    item_link: `${one} link`,
    item_link_description: `Links to one ${lowerOne}.`,
    menu_name: many,
    name_admin_bar: t.taxonomy,
    ...(t.archivesLabel ? { archives: many } : {}),
    template_name: `${one} archives`,
  };
}
