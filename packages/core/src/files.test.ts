import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './constants';
import { checkChatFiles, validateChatFiles } from './files';
import { MSG } from './messages';

const pdf = (name = 'cv.pdf', size = 1000) => ({ name, size, type: 'application/pdf' });

describe('validateChatFiles', () => {
  it('When up to 5 PDF and Word files of at most 5 MB are chosen, then there is no message', () => {
    expect(validateChatFiles([])).toBeNull();
    expect(
      validateChatFiles([
        pdf(),
        { name: 'a.doc', size: 10, type: 'application/msword' },
        {
          name: 'b.docx',
          size: MAX_FILE_BYTES,
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
      ]),
    ).toBeNull();
  });

  it('When more than 5 files are chosen, then the too-many message is given and the selection is kept', () => {
    const problem = checkChatFiles([pdf(), pdf(), pdf(), pdf(), pdf(), pdf()]);
    expect(problem?.message).toBe(MSG.chatTooManyFiles);
    expect(problem?.clearSelection).toBe(false);
  });

  it('When a file is not PDF or Word, then the type message is given and the selection is cleared', () => {
    const problem = checkChatFiles([pdf(), { name: 'x.png', size: 10, type: 'image/png' }]);
    expect(problem?.message).toBe(MSG.chatWrongType);
    expect(problem?.clearSelection).toBe(true);
  });

  it('When the browser reports no type, then the extension decides', () => {
    expect(validateChatFiles([{ name: 'CV.DOCX', size: 10, type: '' }])).toBeNull();
    expect(validateChatFiles([{ name: 'run.exe', size: 10, type: '' }])).toBe(MSG.chatWrongType);
  });

  it('When a file exceeds 5 MB, then the size message is given and the selection is cleared', () => {
    const problem = checkChatFiles([pdf('big.pdf', MAX_FILE_BYTES + 1)]);
    expect(problem?.message).toBe(MSG.fileTooLarge);
    expect(problem?.clearSelection).toBe(true);
  });
});
