/**
 * The block editor's start in the browser, bundled by scripts/build-editor.mjs into
 * dist/editor/editor.js (never run by Node). It does what WordPress's edit page does with its
 * inline scripts: api-fetch's root URL and `wp_rest` nonce middlewares (same origin as /wp-json/),
 * then `initializeEditor` with the settings the server computed (runtime/admin/editor-settings.ts),
 * read from a JSON element of the page so no inline script is needed.
 *
 * Two things WordPress gets from elsewhere are provided here: preferences are kept in the
 * browser's localStorage (WordPress keeps them in user meta), and the media picker the image and
 * featured image panels open (WordPress's is the Backbone `wp.media` library) is a small modal that
 * lists the site's media through the REST API and uploads new files.
 */
import apiFetch from '@wordpress/api-fetch';
import { dispatch, select } from '@wordpress/data';
import { addFilter } from '@wordpress/hooks';
import { createElement, Fragment, useEffect, useState } from '@wordpress/element';
import { Button, FormFileUpload, Modal, Spinner } from '@wordpress/components';
import { store as preferencesStore } from '@wordpress/preferences';
import { uploadMedia } from '@wordpress/media-utils';
import { initializeEditor } from '@wordpress/edit-post';
import '@wordpress/format-library';

const config = JSON.parse(document.getElementById('specpress-editor-config').textContent);

apiFetch.use(apiFetch.createRootURLMiddleware(config.restRoot));
const nonceMiddleware = apiFetch.createNonceMiddleware(config.nonce);
apiFetch.use(nonceMiddleware);
// api-fetch asks this address for a fresh nonce when the server answers rest_cookie_invalid_nonce.
apiFetch.nonceMiddleware = nonceMiddleware;
apiFetch.nonceEndpoint = config.nonceEndpoint;
apiFetch.use(apiFetch.mediaUploadMiddleware);

/** Preferences per user in localStorage, so the welcome guide and panel choices stay dismissed. */
const preferencesKey = `specpress-preferences-${config.userId}`;
dispatch(preferencesStore).setPersistenceLayer({
  get: async () => {
    try {
      return JSON.parse(window.localStorage.getItem(preferencesKey) ?? '{}');
    } catch {
      return {};
    }
  },
  set: (data) => window.localStorage.setItem(preferencesKey, JSON.stringify(data)),
});

/** A REST attachment in the shape `wp.media` hands to onSelect (url, alt, caption beside the REST fields). */
function asSelection(item) {
  return {
    ...item,
    url: item.source_url,
    alt: item.alt_text,
    caption: item.caption?.raw ?? item.caption?.rendered ?? '',
    title: item.title?.raw ?? item.title?.rendered ?? '',
    sizes: Object.fromEntries(Object.entries(item.media_details?.sizes ?? {}).map(([name, s]) => [name, { url: s.source_url, width: s.width, height: s.height }])),
  };
}

function mediaTypeOf(allowedTypes) {
  const kinds = new Set((allowedTypes ?? []).map((t) => String(t).split('/')[0]));
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

function MediaLibrary({ allowedTypes, multiple, onSelect, onClose, title }) {
  const [items, setItems] = useState(null);
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState([]);
  const mediaType = mediaTypeOf(allowedTypes);
  const load = () =>
    apiFetch({ path: `/wp/v2/media?context=edit&per_page=50${mediaType ? `&media_type=${mediaType}` : ''}` })
      .then(setItems)
      .catch((e) => setError(e.message));
  useEffect(() => {
    load();
  }, []);
  const pick = (item) => {
    if (!multiple) {
      onSelect(asSelection(item));
      onClose();
      return;
    }
    setChosen((now) => (now.some((c) => c.id === item.id) ? now.filter((c) => c.id !== item.id) : [...now, item]));
  };
  const upload = (files) =>
    uploadMedia({
      filesList: files,
      allowedTypes,
      onFileChange: (uploaded) => {
        if (uploaded.every((u) => u.id)) load();
      },
      onError: (e) => setError(e.message),
    });
  return createElement(
    Modal,
    { title: title ?? 'Media Library', onRequestClose: onClose, className: 'specpress-media-library', size: 'large' },
    createElement(FormFileUpload, { accept: allowedTypes?.join(',') ?? '*', multiple: true, onChange: (e) => upload(e.target.files), render: ({ openFileDialog }) => createElement(Button, { variant: 'secondary', onClick: openFileDialog }, 'Upload files') }),
    error ? createElement('p', { className: 'specpress-media-library__error' }, error) : null,
    items === null
      ? createElement(Spinner)
      : createElement(
          'ul',
          { className: 'specpress-media-library__items' },
          items.length === 0 ? createElement('li', null, 'No media yet.') : null,
          ...items.map((item) =>
            createElement(
              'li',
              { key: item.id },
              createElement(
                Button,
                { className: 'specpress-media-library__item', isPressed: chosen.some((c) => c.id === item.id), onClick: () => pick(item), label: item.title?.raw || item.slug },
                item.media_type === 'image' ? createElement('img', { src: item.media_details?.sizes?.thumbnail?.source_url ?? item.source_url, alt: item.alt_text }) : createElement('span', null, item.title?.raw || item.slug),
              ),
            ),
          ),
        ),
    multiple
      ? createElement(Button, { variant: 'primary', disabled: chosen.length === 0, onClick: () => (onSelect(chosen.map(asSelection)), onClose()) }, 'Select')
      : null,
  );
}

function MediaUpload(props) {
  const [isOpen, setOpen] = useState(false);
  return createElement(Fragment, null, props.render({ open: () => setOpen(true) }), isOpen ? createElement(MediaLibrary, { ...props, onClose: () => setOpen(false) }) : null);
}

addFilter('editor.MediaUpload', 'specpress/media-upload', () => MediaUpload);

initializeEditor('editor', config.postType, config.postId, config.settings, config.initialEdits);

// For tests and curious people: the editor's stores are reachable as WordPress exposes them.
window.wp = { ...(window.wp ?? {}), data: { select, dispatch } };
