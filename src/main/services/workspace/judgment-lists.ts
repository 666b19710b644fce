import { failure } from '../../../shared/ipc/result';
import type { JudgmentsImported } from '../../../shared/ipc/contract';
import { formatJudgments, parseJudgments, type ExportFormat } from '../../../shared/judgments/formats';
import { judgmentListSchema, newJudgmentList, type JudgmentList, type Scale } from '../../../shared/judgments/model';
import { queryKey } from '../../../shared/judgments/query-key';
import type { Workspace } from './workspace';

const EXTENSION: Record<ExportFormat, { ext: string; mime: string }> = {
  quepid: { ext: 'csv', mime: 'text/csv' },
  trec: { ext: 'qrels', mime: 'text/plain' },
  rre: { ext: 'json', mime: 'application/json' },
};

/** Judgment lists in the workspace's `judgments/`: created, imported from other tools' formats, exported to them. */
export class JudgmentLists {
  constructor(
    private readonly workspace: Workspace,
    private readonly now: () => Date = () => new Date(),
  ) {}

  read(file: string): Promise<JudgmentList> {
    return this.workspace.read('judgments', file, judgmentListSchema);
  }

  async create(name: string, scale: Scale): Promise<{ file: string }> {
    const file = await this.workspace.freeFile('judgments', name);
    return this.workspace.write('judgments', file, judgmentListSchema, newJudgmentList(name, scale, this.now()), { overwrite: false });
  }

  /** A new list from a file of any known format; nothing is written unless every line reads. */
  async import(input: { name: string; text: string; fileName: string; scale: Scale }): Promise<JudgmentsImported> {
    const read = parseJudgments(input.text, { max: input.scale.max, by: `import: ${input.fileName}` });
    if (!read.ok) throw failure('validation', `${input.fileName}: ${read.message} Nothing was imported.`, { field: 'text' });
    const scale = read.scale ?? input.scale;
    const at = this.now().toISOString();
    const list: JudgmentList = {
      ...newJudgmentList(input.name, scale, this.now()),
      ratings: read.ratings.map((r) => ({ ...r, at: r.at ?? at })),
    };
    const file = await this.workspace.freeFile('judgments', input.name);
    await this.workspace.write('judgments', file, judgmentListSchema, list, { overwrite: false });
    return {
      file,
      format: read.format,
      rows: read.rows,
      ratings: read.ratings.length,
      queries: new Set(read.ratings.map((r) => queryKey(r.query))).size,
      duplicates: read.duplicates,
    };
  }

  async export(file: string, format: ExportFormat): Promise<{ fileName: string; content: string; mime: string }> {
    const list = await this.read(file);
    let content: string;
    try {
      content = formatJudgments(list.ratings, format);
    } catch (err) {
      throw failure('validation', (err as Error).message, { field: 'format' });
    }
    const { ext, mime } = EXTENSION[format];
    return { fileName: `${file.replace(/\.json$/, '')}.${format === 'rre' ? 'rre.json' : ext}`, content, mime };
  }
}
