/** Script-tag entry that defines every widget on the page. */
import.meta.glob('./*/element.ts', { eager: true });
