/** A host name that the browser resolves to 127.0.0.1: a page of another site, not of this machine. */
export const foreignSite = 'site.example';
