import { createBroadcastAccess, createColumnAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'broadcast',
  title: 'Broadcast versus conflict',
  access: () => createBroadcastAccess({ word: 0 }),
  compare: { column: () => createColumnAccess({ col: 0, pitch: 32 }) },
  beats: [
    {
      cue: 'start',
      text: 'Every lane now reads the same word, word {word0}. Like the column read, all requests go to one bank.',
    },
    {
      cue: 'queued',
      text: 'Bank {busiest} has {busiestRequests} requests, but they all ask for one word: a single token with a link to every lane.',
      highlight: { banks: [0] },
    },
    {
      cue: 'round-1',
      text: 'On a read, the bank serves that word to every lane that asked in the same round: a broadcast. {rounds} round.',
    },
    {
      cue: 'end',
      text: 'The column read also used one bank, yet needed {column.rounds} rounds. What costs rounds is distinct words in a bank, not requests.',
    },
    {
      cue: 'hold',
      text: 'Counting requests per bank would wrongly charge the broadcast {column.rounds} rounds too.',
    },
  ],
});
