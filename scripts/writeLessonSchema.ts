// npm run schema — writes assets/lesson.schema.json from the lesson schema the player checks with,
// so editors (completion, checks) and the player never disagree. A unit test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { getLessonJsonSchema } from '../scenes/lessonSchema';

writeFileSync('assets/lesson.schema.json', `${JSON.stringify(getLessonJsonSchema(), null, 2)}\n`);
console.log('wrote assets/lesson.schema.json');
