/** One code sample: the tab's label (the same on every page, so a reader's choice follows them), the highlighting language, the code. */
export type SampleView = { label: string; lang: string; code: string };
