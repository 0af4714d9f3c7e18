/**
 * sharp as the server uses it. libvips keeps the results of recent operations in a cache (50 MB by
 * default) for a program that works on the same images again; ours decodes each photo once (odometer
 * readings, claim photos), so the cache only held memory after a burst of uploads (issue 22, item 5).
 * Every module of ours that uses sharp imports it from here, so the cache is off before the first photo.
 */
import sharp from 'sharp';

sharp.cache(false);

export default sharp;
