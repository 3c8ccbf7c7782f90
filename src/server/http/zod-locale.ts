// zod's own messages (a wrong type, an unknown option …) reach the API's answers whenever a
// schema gives none of its own. They are set once, for the whole server, to zod's European
// Portuguese table, so no answer falls back to English (issue 13: one error shape, in pt-PT).
import { z } from 'zod';

z.config(z.locales.pt());
