var He=Object.defineProperty;var Ke=Object.getOwnPropertyDescriptor;var d=(i,t,e,s)=>{for(var r=s>1?void 0:s?Ke(t,e):t,a=i.length-1,o;a>=0;a--)(o=i[a])&&(r=(s?o(t,e,r):o(r))||r);return s&&r&&He(t,e,r),r};var ee=globalThis,te=ee.ShadowRoot&&(ee.ShadyCSS===void 0||ee.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,he=Symbol(),Se=new WeakMap,F=class{constructor(t,e,s){if(this._$cssResult$=!0,s!==he)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(te&&t===void 0){let s=e!==void 0&&e.length===1;s&&(t=Se.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),s&&Se.set(e,t))}return t}toString(){return this.cssText}},Ee=i=>new F(typeof i=="string"?i:i+"",void 0,he),b=(i,...t)=>{let e=i.length===1?i[0]:t.reduce((s,r,a)=>s+(o=>{if(o._$cssResult$===!0)return o.cssText;if(typeof o=="number")return o;throw Error("Value passed to 'css' function must be a 'css' function result: "+o+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+i[a+1],i[0]);return new F(e,i,he)},ke=(i,t)=>{if(te)i.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let s=document.createElement("style"),r=ee.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=e.cssText,i.appendChild(s)}},pe=te?i=>i:i=>i instanceof CSSStyleSheet?(t=>{let e="";for(let s of t.cssRules)e+=s.cssText;return Ee(e)})(i):i;var{is:Ge,defineProperty:Ve,getOwnPropertyDescriptor:Xe,getOwnPropertyNames:Ze,getOwnPropertySymbols:Qe,getPrototypeOf:Ye}=Object,se=globalThis,Te=se.trustedTypes,et=Te?Te.emptyScript:"",tt=se.reactiveElementPolyfillSupport,B=(i,t)=>i,H={toAttribute(i,t){switch(t){case Boolean:i=i?et:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,t){let e=i;switch(t){case Boolean:e=i!==null;break;case Number:e=i===null?null:Number(i);break;case Object:case Array:try{e=JSON.parse(i)}catch{e=null}}return e}},re=(i,t)=>!Ge(i,t),Ce={attribute:!0,type:String,converter:H,reflect:!1,useDefault:!1,hasChanged:re};Symbol.metadata??=Symbol("metadata"),se.litPropertyMetadata??=new WeakMap;var M=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=Ce){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(t,s,e);r!==void 0&&Ve(this.prototype,t,r)}}static getPropertyDescriptor(t,e,s){let{get:r,set:a}=Xe(this.prototype,t)??{get(){return this[e]},set(o){this[e]=o}};return{get:r,set(o){let h=r?.call(this);a?.call(this,o),this.requestUpdate(t,h,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??Ce}static _$Ei(){if(this.hasOwnProperty(B("elementProperties")))return;let t=Ye(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(B("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(B("properties"))){let e=this.properties,s=[...Ze(e),...Qe(e)];for(let r of s)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[s,r]of e)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[e,s]of this.elementProperties){let r=this._$Eu(e,s);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let s=new Set(t.flat(1/0).reverse());for(let r of s)e.unshift(pe(r))}else t!==void 0&&e.push(pe(t));return e}static _$Eu(t,e){let s=e.attribute;return s===!1?void 0:typeof s=="string"?s:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let s of e.keys())this.hasOwnProperty(s)&&(t.set(s,this[s]),delete this[s]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return ke(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,s){this._$AK(t,s)}_$ET(t,e){let s=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,s);if(r!==void 0&&s.reflect===!0){let a=(s.converter?.toAttribute!==void 0?s.converter:H).toAttribute(e,s.type);this._$Em=t,a==null?this.removeAttribute(r):this.setAttribute(r,a),this._$Em=null}}_$AK(t,e){let s=this.constructor,r=s._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let a=s.getPropertyOptions(r),o=typeof a.converter=="function"?{fromAttribute:a.converter}:a.converter?.fromAttribute!==void 0?a.converter:H;this._$Em=r;let h=o.fromAttribute(e,a.type);this[r]=h??this._$Ej?.get(r)??h,this._$Em=null}}requestUpdate(t,e,s,r=!1,a){if(t!==void 0){let o=this.constructor;if(r===!1&&(a=this[t]),s??=o.getPropertyOptions(t),!((s.hasChanged??re)(a,e)||s.useDefault&&s.reflect&&a===this._$Ej?.get(t)&&!this.hasAttribute(o._$Eu(t,s))))return;this.C(t,e,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:s,reflect:r,wrapped:a},o){s&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,o??e??this[t]),a!==!0||o!==void 0)||(this._$AL.has(t)||(this.hasUpdated||s||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,a]of this._$Ep)this[r]=a;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,a]of s){let{wrapped:o}=a,h=this[r];o!==!0||this._$AL.has(r)||h===void 0||this.C(r,void 0,a,h)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(e)):this._$EM()}catch(s){throw t=!1,this._$EM(),s}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};M.elementStyles=[],M.shadowRootOptions={mode:"open"},M[B("elementProperties")]=new Map,M[B("finalized")]=new Map,tt?.({ReactiveElement:M}),(se.reactiveElementVersions??=[]).push("2.1.2");var $e=globalThis,Pe=i=>i,ie=$e.trustedTypes,Re=ie?ie.createPolicy("lit-html",{createHTML:i=>i}):void 0,je="$lit$",U=`lit$${Math.random().toFixed(9).slice(2)}$`,Ie="?"+U,st=`<${Ie}>`,J=document,G=()=>J.createComment(""),V=i=>i===null||typeof i!="object"&&typeof i!="function",be=Array.isArray,rt=i=>be(i)||typeof i?.[Symbol.iterator]=="function",ue=`[ 	
\f\r]`,K=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Me=/-->/g,Oe=/>/g,j=RegExp(`>|${ue}(?:([^\\s"'>=/]+)(${ue}*=${ue}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Ne=/'/g,Ue=/"/g,Je=/^(?:script|style|textarea|title)$/i,ye=i=>(t,...e)=>({_$litType$:i,strings:t,values:e}),n=ye(1),yt=ye(2),xt=ye(3),z=Symbol.for("lit-noChange"),c=Symbol.for("lit-nothing"),De=new WeakMap,I=J.createTreeWalker(J,129);function ze(i,t){if(!be(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return Re!==void 0?Re.createHTML(t):t}var it=(i,t)=>{let e=i.length-1,s=[],r,a=t===2?"<svg>":t===3?"<math>":"",o=K;for(let h=0;h<e;h++){let l=i[h],u,g,_=-1,R=0;for(;R<l.length&&(o.lastIndex=R,g=o.exec(l),g!==null);)R=o.lastIndex,o===K?g[1]==="!--"?o=Me:g[1]!==void 0?o=Oe:g[2]!==void 0?(Je.test(g[2])&&(r=RegExp("</"+g[2],"g")),o=j):g[3]!==void 0&&(o=j):o===j?g[0]===">"?(o=r??K,_=-1):g[1]===void 0?_=-2:(_=o.lastIndex-g[2].length,u=g[1],o=g[3]===void 0?j:g[3]==='"'?Ue:Ne):o===Ue||o===Ne?o=j:o===Me||o===Oe?o=K:(o=j,r=void 0);let N=o===j&&i[h+1].startsWith("/>")?" ":"";a+=o===K?l+st:_>=0?(s.push(u),l.slice(0,_)+je+l.slice(_)+U+N):l+U+(_===-2?h:N)}return[ze(i,a+(i[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),s]},X=class i{constructor({strings:t,_$litType$:e},s){let r;this.parts=[];let a=0,o=0,h=t.length-1,l=this.parts,[u,g]=it(t,e);if(this.el=i.createElement(u,s),I.currentNode=this.el.content,e===2||e===3){let _=this.el.content.firstChild;_.replaceWith(..._.childNodes)}for(;(r=I.nextNode())!==null&&l.length<h;){if(r.nodeType===1){if(r.hasAttributes())for(let _ of r.getAttributeNames())if(_.endsWith(je)){let R=g[o++],N=r.getAttribute(_).split(U),Y=/([.?@])?(.*)/.exec(R);l.push({type:1,index:a,name:Y[2],strings:N,ctor:Y[1]==="."?ge:Y[1]==="?"?_e:Y[1]==="@"?fe:W}),r.removeAttribute(_)}else _.startsWith(U)&&(l.push({type:6,index:a}),r.removeAttribute(_));if(Je.test(r.tagName)){let _=r.textContent.split(U),R=_.length-1;if(R>0){r.textContent=ie?ie.emptyScript:"";for(let N=0;N<R;N++)r.append(_[N],G()),I.nextNode(),l.push({type:2,index:++a});r.append(_[R],G())}}}else if(r.nodeType===8)if(r.data===Ie)l.push({type:2,index:a});else{let _=-1;for(;(_=r.data.indexOf(U,_+1))!==-1;)l.push({type:7,index:a}),_+=U.length-1}a++}}static createElement(t,e){let s=J.createElement("template");return s.innerHTML=t,s}};function L(i,t,e=i,s){if(t===z)return t;let r=s!==void 0?e._$Co?.[s]:e._$Cl,a=V(t)?void 0:t._$litDirective$;return r?.constructor!==a&&(r?._$AO?.(!1),a===void 0?r=void 0:(r=new a(i),r._$AT(i,e,s)),s!==void 0?(e._$Co??=[])[s]=r:e._$Cl=r),r!==void 0&&(t=L(i,r._$AS(i,t.values),r,s)),t}var me=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:s}=this._$AD,r=(t?.creationScope??J).importNode(e,!0);I.currentNode=r;let a=I.nextNode(),o=0,h=0,l=s[0];for(;l!==void 0;){if(o===l.index){let u;l.type===2?u=new Z(a,a.nextSibling,this,t):l.type===1?u=new l.ctor(a,l.name,l.strings,this,t):l.type===6&&(u=new ve(a,this,t)),this._$AV.push(u),l=s[++h]}o!==l?.index&&(a=I.nextNode(),o++)}return I.currentNode=J,r}p(t){let e=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(t,s,e),e+=s.strings.length-2):s._$AI(t[e])),e++}},Z=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,s,r){this.type=2,this._$AH=c,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=L(this,t,e),V(t)?t===c||t==null||t===""?(this._$AH!==c&&this._$AR(),this._$AH=c):t!==this._$AH&&t!==z&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):rt(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==c&&V(this._$AH)?this._$AA.nextSibling.data=t:this.T(J.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:s}=t,r=typeof s=="number"?this._$AC(t):(s.el===void 0&&(s.el=X.createElement(ze(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(e);else{let a=new me(r,this),o=a.u(this.options);a.p(e),this.T(o),this._$AH=a}}_$AC(t){let e=De.get(t.strings);return e===void 0&&De.set(t.strings,e=new X(t)),e}k(t){be(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,s,r=0;for(let a of t)r===e.length?e.push(s=new i(this.O(G()),this.O(G()),this,this.options)):s=e[r],s._$AI(a),r++;r<e.length&&(this._$AR(s&&s._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let s=Pe(t).nextSibling;Pe(t).remove(),t=s}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},W=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,s,r,a){this.type=1,this._$AH=c,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=a,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=c}_$AI(t,e=this,s,r){let a=this.strings,o=!1;if(a===void 0)t=L(this,t,e,0),o=!V(t)||t!==this._$AH&&t!==z,o&&(this._$AH=t);else{let h=t,l,u;for(t=a[0],l=0;l<a.length-1;l++)u=L(this,h[s+l],e,l),u===z&&(u=this._$AH[l]),o||=!V(u)||u!==this._$AH[l],u===c?t=c:t!==c&&(t+=(u??"")+a[l+1]),this._$AH[l]=u}o&&!r&&this.j(t)}j(t){t===c?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},ge=class extends W{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===c?void 0:t}},_e=class extends W{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==c)}},fe=class extends W{constructor(t,e,s,r,a){super(t,e,s,r,a),this.type=5}_$AI(t,e=this){if((t=L(this,t,e,0)??c)===z)return;let s=this._$AH,r=t===c&&s!==c||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive,a=t!==c&&(s===c||r);r&&this.element.removeEventListener(this.name,this,s),a&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},ve=class{constructor(t,e,s){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(t){L(this,t)}};var ot=$e.litHtmlPolyfillSupport;ot?.(X,Z),($e.litHtmlVersions??=[]).push("3.3.3");var qe=(i,t,e)=>{let s=e?.renderBefore??t,r=s._$litPart$;if(r===void 0){let a=e?.renderBefore??null;s._$litPart$=r=new Z(t.insertBefore(G(),a),a,void 0,e??{})}return r._$AI(i),r};var xe=globalThis,v=class extends M{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=qe(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return z}};v._$litElement$=!0,v.finalized=!0,xe.litElementHydrateSupport?.({LitElement:v});var at=xe.litElementPolyfillSupport;at?.({LitElement:v});(xe.litElementVersions??=[]).push("4.2.2");var x=i=>(t,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(i,t)}):customElements.define(i,t)};var nt={attribute:!0,type:String,converter:H,reflect:!1,hasChanged:re},lt=(i=nt,t,e)=>{let{kind:s,metadata:r}=e,a=globalThis.litPropertyMetadata.get(r);if(a===void 0&&globalThis.litPropertyMetadata.set(r,a=new Map),s==="setter"&&((i=Object.create(i)).wrapped=!0),a.set(e.name,i),s==="accessor"){let{name:o}=e;return{set(h){let l=t.get.call(this);t.set.call(this,h),this.requestUpdate(o,l,i,!0,h)},init(h){return h!==void 0&&this.C(o,void 0,i,h),h}}}if(s==="setter"){let{name:o}=e;return function(h){let l=this[o];t.call(this,h),this.requestUpdate(o,l,i,!0,h)}}throw Error("Unsupported decorator location: "+s)};function m(i){return(t,e)=>typeof e=="object"?lt(i,t,e):((s,r,a)=>{let o=r.hasOwnProperty(a);return r.constructor.createProperty(a,s),o?Object.getOwnPropertyDescriptor(r,a):void 0})(i,t,e)}function p(i){return m({...i,state:!0,attribute:!1})}var q=(i,t,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof t!="object"&&Object.defineProperty(i,t,e),e);function Le(i,t){return(e,s,r)=>{let a=o=>o.renderRoot?.querySelector(i)??null;if(t){let{get:o,set:h}=typeof s=="object"?e:r??(()=>{let l=Symbol();return{get(){return this[l]},set(u){this[l]=u}}})();return q(e,s,{get(){let l=o.call(this);return l===void 0&&(l=a(this),(l!==null||this.hasUpdated)&&h.call(this,l)),l}})}return q(e,s,{get(){return a(this)}})}}function we(i){history.pushState(null,"",i),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function C(i){i.stopPropagation(),!(i.ctrlKey||i.metaKey||i.shiftKey||i.button!==0)&&(i.preventDefault(),we(i.currentTarget.getAttribute("href")))}var ct={llm_hub:"Test bench",mcp_server:"MCP Server"};function oe(i){return ct[i]??i}function ae(i,t,e){return e?e===i.user?.id?`${i.user.name} (you)`:t.find(s=>s.id===e)?.name??e:"–"}function ne(i){return i?i.mode==="search"?"Search":i.mode==="search_over_limit"?i.active?"Search over the limit (searching now)":"Search over the limit (all tools now)":"All tools":"–"}function f(i){return i==null?"–":i.toLocaleString()}function D(i){let t=i.split(/(?<=[_.])(?![_.])/);return n`${t.map((e,s)=>n`${s?n`<wbr />`:c}${e}`)}`}function We(i){if(!i)return[];let t=[];return i.read_only?t.push(n`<span class="badge info">read-only</span>`):(i.destructive&&t.push(n`<span class="badge error">destructive</span>`),i.idempotent&&t.push(n`<span class="badge">idempotent</span>`)),i.open_world&&t.push(n`<span class="badge warning">open world</span>`),t}function le(i){return n`<span class="badge ${i==="ok"?"success":i==="needs_confirmation"?"warning":"error"}">${i.replace("_"," ")}</span>`}var w=b`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`;var T=class{constructor(t){this._host=t;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(t=>requestAnimationFrame(()=>setTimeout(t))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}};function A(i){if(i&&typeof i=="object"&&"message"in i){let{code:t,message:e}=i;return t?`${t}: ${e}`:String(e)}return String(i)}var dt=["ok","error","refused","needs_confirmation"],k=class extends v{constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),s&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return ae(this.hass,this.users,e)}render(){if(this._error)return n`<div class="alert error">${this._error}</div>`;if(!this._calls)return n`<div class="secondary">Loading…</div>`;let e=this._calls,s=[...new Map(e.map(l=>[l.api_id,l.api_name])).entries()],r=[...new Set(e.map(l=>l.user_id??""))],a=this._tool.trim().toLowerCase(),o=e.filter(l=>(!this._hub||l.api_id===this._hub)&&(!this._user||(l.user_id??"")===this._user)&&(!this._outcome||l.outcome===this._outcome)&&(!a||l.tool_name.toLowerCase().includes(a)||l.original_tool_name.toLowerCase().includes(a))),h=l=>u=>{this[l]=u.target.value};return n`<div class="card">
      <h2>Activity</h2>
      <div class="toolbar">
        <select name="hub" @change=${h("_hub")}>
          <option value="">All hubs</option>
          ${s.map(([l,u])=>n`<option value=${l}>${u}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder="Tool"
          .value=${this._tool}
          @input=${l=>this._tool=l.target.value}
        />
        <select name="user" @change=${h("_user")}>
          <option value="">All users</option>
          ${r.map(l=>n`<option value=${l}>${this._userName(l||null)}</option>`)}
        </select>
        <select name="outcome" @change=${h("_outcome")}>
          <option value="">All outcomes</option>
          ${dt.map(l=>n`<option value=${l}>${l.replace("_"," ")}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● live</span>
      </div>
      ${o.length===0?n`<p class="secondary">
            ${e.length?"No call matches.":"No tool calls through a hub yet."}
          </p>`:n`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>Time</th>
                <th>Hub</th>
                <th>Tool</th>
                <th>User</th>
                <th>From</th>
                <th>Outcome</th>
                <th class="number">Duration</th>
              </tr>
            </thead>
            <tbody>
              ${o.map(l=>this._row(l))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){return n`<tr data-call=${e.tool_call_id}>
      <td class="time">${new Date(e.time).toLocaleString()}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${D(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?n`<div class="secondary"><code>${D(e.original_tool_name)}</code></div>`:c}
        ${e.arguments?n`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:c}
        ${e.error?n`<div class="error-text">${e.error}</div>`:c}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${e.agent_id??oe(e.platform)}</td>
      <td>${le(e.outcome)}</td>
      <td class="number">${e.duration_ms.toLocaleString()} ms</td>
    </tr>`}};k.styles=[w,b`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],d([m({attribute:!1})],k.prototype,"hass",2),d([m({attribute:!1})],k.prototype,"users",2),d([p()],k.prototype,"_calls",2),d([p()],k.prototype,"_error",2),d([p()],k.prototype,"_hub",2),d([p()],k.prototype,"_tool",2),d([p()],k.prototype,"_user",2),d([p()],k.prototype,"_outcome",2),k=d([x("llm-hub-activity")],k);var ht={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};function Fe(i,t){let e=Math.max(0,Math.round((Date.parse(i)-t)/1e3)),[s,r,a]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],o=h=>String(h).padStart(2,"0");return s?`${s}:${o(r)}:${o(a)}`:`${r}:${o(a)}`}function Q(i){return new Date(i).toLocaleTimeString()}var S=class extends v{constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._approvals===void 0;this._approvals=e.approvals,s&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)}),this._tick=window.setInterval(()=>{this._approvals?.some(e=>e.status==="pending"||e.status==="approved")&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,s){let r=e.approval_id;this._busy=new Set(this._busy).add(r);let a=new Map(this._failed);a.delete(r);try{await this.hass.callWS({type:s?"llm_hub/approvals/approve":"llm_hub/approvals/deny",approval_id:r})}catch(h){a.set(r,A(h))}this._failed=a;let o=new Set(this._busy);o.delete(r),this._busy=o}_who(e){return e?ae(this.hass,this.users,e):"a caller without a user"}render(){if(this._error)return n`<div class="alert error">${this._error}</div>`;if(!this._approvals)return n`<div class="secondary">Loading…</div>`;let e=this._approvals.filter(r=>r.status==="pending"),s=this._approvals.filter(r=>r.status!=="pending").sort((r,a)=>(a.decided??a.expires).localeCompare(r.decided??r.expires));return n`<div class="card">
        <div class="toolbar">
          <h2 class="grow">Approvals</h2>
          <span class="secondary live">● live</span>
        </div>
        ${e.length?e.map(r=>this._approval(r)):n`<p class="secondary empty">
              No tool call waits for approval. When a hub's tool needs confirming (its options
              → Safety) and the call comes from no conversation — an MCP client, an automation,
              the websocket — it waits here until an administrator or the user it runs as
              approves or denies it.
            </p>`}
      </div>
      ${s.length?n`<div class="card decided-card">
            <h2>Decided</h2>
            ${s.map(r=>this._approval(r))}
          </div>`:c}`}_approval(e){let s=e.approval_id,r=e.status==="pending",a=Object.keys(e.arguments).length?n`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:n`<div class="secondary">No arguments.</div>`,o=this._failed.get(s);return n`<div class=${r?"approval":"approval done"} data-approval=${s}
      data-status=${e.status}>
      <div class="head">
        <code class="tool">${D(e.tool_name)}</code>
        <span class="secondary">through</span>
        ${this.hubLinks?n`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${C}
              >${e.hub_name}</a
            >`:n`<span class="hub">${e.hub_name}</span>`}
        <span class="badge ${ht[e.status]} status">${e.status}</span>
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        Asked by <span class="asked-by">${this._who(e.user_id)}</span> through
        ${oe(e.platform)} at ${Q(e.created)}.
        ${this._decision(e)}
      </div>
      ${e.targets?.length?n`<div class="targets">
            Acts on: ${e.targets.map((h,l)=>n`${l?", ":""}<b>${h}</b>`)}
          </div>`:c}
      ${a}
      ${o?n`<div class="alert error">${o}</div>`:c}
      ${r?n`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!0)}
            >
              Approve
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!1)}
            >
              Deny
            </button>
          </div>`:c}
    </div>`}_countdown(e){let s=Q(e.expires);return e.status==="pending"?n`<span class="countdown" title=${`Until ${s}`}
        >Expires in ${Fe(e.expires,this._now)}</span
      >`:e.status==="approved"?n`<span class="countdown" title=${`Until ${s}`}
        >Call within ${Fe(e.expires,this._now)}</span
      >`:c}_decision(e){let s=e.decided_by?this._who(e.decided_by):"",r=e.decided?Q(e.decided):"";switch(e.status){case"approved":return n`Approved by <span class="decided-by">${s}</span> at ${r}; the tool runs
          when the model calls again with the approval id.`;case"used":return n`Approved by <span class="decided-by">${s}</span> at ${r}; the tool
          ran.`;case"denied":return n`Denied by <span class="decided-by">${s}</span> at ${r}.`;case"expired":return e.decided_by?n`Approved by <span class="decided-by">${s}</span> at ${r}, not called in
              time: expired at ${Q(e.expires)}.`:n`Nobody decided: expired at ${Q(e.expires)}.`;default:return c}}};S.styles=[w,b`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],d([m({attribute:!1})],S.prototype,"hass",2),d([m({attribute:!1})],S.prototype,"users",2),d([m()],S.prototype,"prefix",2),d([m({type:Boolean})],S.prototype,"hubLinks",2),d([p()],S.prototype,"_approvals",2),d([p()],S.prototype,"_error",2),d([p()],S.prototype,"_busy",2),d([p()],S.prototype,"_failed",2),d([p()],S.prototype,"_now",2),S=d([x("llm-hub-approvals")],S);var Ae;async function pt(){let i=window;if(typeof i.loadCardHelpers=="function"&&(await(await(await i.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function Be(){return customElements.get("ha-form")?Promise.resolve(!0):(Ae??=Promise.race([pt().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(i=>setTimeout(()=>i(!1),5e3))]).then(i=>(i||(Ae=void 0),i)),Ae)}function ce(i){return(Array.isArray(i.type)?i.type:[i.type]).find(e=>e&&e!=="null")}var E=class extends v{constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",Be().then(s=>{this._haForm=s,this.dataset.form=s?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=Object.entries(this.schema?.properties??{}),s=new Set(this.schema?.required??[]);return n`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} /> Edit the
        arguments as JSON</label
      >
      ${this._asJson?n`<textarea
            name="__json__"
            .value=${this._json}
            @input=${r=>{this._json=r.target.value,this._emit()}}
          ></textarea>`:e.length===0?n`<p class="secondary">This tool takes no arguments.</p>`:this._haForm===void 0?n`<p class="secondary">Loading the form…</p>`:this._haForm?this._renderHaForm(e,s):e.map(([r,a])=>this._field(r,a,s.has(r)))}
    `}_renderHaForm(e,s){let r=e.map(([o])=>({name:o,required:s.has(o),selector:this.selectors[o]??{object:{}}})),a=Object.fromEntries(e.map(([o,h])=>[o,h.description]));return n`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${o=>o.name}
      .computeHelper=${o=>a[o.name]}
      @value-changed=${o=>{o.stopPropagation(),this._data=o.detail.value,this._emit()}}
    ></ha-form>`}_field(e,s,r){let a=ce(s),o=this._raw[e]??"",h=g=>{this._raw={...this._raw,[e]:g},this._emit()},l=g=>h(g.target.value),u;return s.enum?u=n`<select name=${e} @change=${l}>
        <option value="" ?selected=${o===""}>—</option>
        ${s.enum.map(g=>n`<option value=${JSON.stringify(g)} ?selected=${o===JSON.stringify(g)}>
              ${String(g)}
            </option>`)}
      </select>`:a==="boolean"?u=n`<select name=${e} @change=${l}>
        <option value="" ?selected=${o===""}>—</option>
        <option value="true" ?selected=${o==="true"}>true</option>
        <option value="false" ?selected=${o==="false"}>false</option>
      </select>`:a==="integer"||a==="number"?u=n`<input
        name=${e}
        type="number"
        step=${a==="integer"?"1":"any"}
        min=${s.minimum??""}
        max=${s.maximum??""}
        .value=${o}
        @input=${l}
      />`:a==="string"?u=n`<input name=${e} type="text" .value=${o} @input=${l} />`:a==="array"&&ce(s.items??{})==="string"&&!s.items?.enum?u=n`<textarea
        name=${e}
        placeholder="One per line"
        .value=${o}
        @input=${l}
      ></textarea>`:u=n`<textarea
        name=${e}
        placeholder="JSON"
        .value=${o}
        @input=${l}
      ></textarea>`,n`<div class="field">
      <label
        ><code>${e}</code>${r?n`<span class="required">*</span>`:c}
        ${a?n`<span class="secondary">${a}</span>`:c}</label
      >
      ${u}
      ${s.description?n`<div class="secondary">${s.description}</div>`:c}
      ${this._errors[e]?n`<div class="error">${this._errors[e]}</div>`:c}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},s={};for(let[r,a]of Object.entries(this.schema?.properties??{})){let o=this._raw[r];if(o===void 0||o==="")continue;let h=ce(a);try{a.enum||h==="boolean"?e[r]=JSON.parse(o):h==="integer"||h==="number"?e[r]=Number(o):h==="string"?e[r]=o:h==="array"&&ce(a.items??{})==="string"&&!a.items?.enum?e[r]=o.split(`
`).filter(l=>l.trim()):e[r]=JSON.parse(o)}catch{s[r]="Not valid JSON"}}return this._errors=s,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let s=JSON.parse(this._json||"{}");s&&typeof s=="object"&&!Array.isArray(s)&&(this._data=s)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let s=JSON.parse(this._json||"{}");e=s&&typeof s=="object"&&!Array.isArray(s)?{value:s}:{error:"The arguments must be a JSON object"}}catch(s){e={error:`Not valid JSON: ${s.message}`}}else{let s=this._args();e=Object.keys(this._errors).length?{error:"Some fields are not valid"}:{value:s}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};E.styles=[w,b`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],d([m({attribute:!1})],E.prototype,"hass",2),d([m({attribute:!1})],E.prototype,"schema",2),d([m({attribute:!1})],E.prototype,"selectors",2),d([p()],E.prototype,"_haForm",2),d([p()],E.prototype,"_data",2),d([p()],E.prototype,"_raw",2),d([p()],E.prototype,"_errors",2),d([p()],E.prototype,"_asJson",2),d([p()],E.prototype,"_json",2),E=d([x("llm-hub-schema-form")],E);var $=class extends v{constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._args={};this._running=!1;this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){let e=this.apiId?this._describe(this.apiId):void 0;e?.catch(()=>{});try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let s=this._apis.apis.filter(a=>a.tools!==null),r=s.find(a=>a.id===this.apiId)??s[0];r&&await this._loadApi(r.id,this.toolName,r.id===this.apiId?e:void 0)}catch(s){this._error=A(s)}await this._timer.done()}_describe(e){return this.hass.callWS({type:"llm_hub/api/describe",api_id:e})}async _loadApi(e,s="",r){this._api=e,this._description=void 0,this._result=void 0,this._description=await(r??this._describe(e));let a=this._description.tools.filter(o=>!o.hidden);this._selectTool((a.find(o=>o.name===s)??a[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){if(!this._apis)return this._error?n`<div class="alert error">${this._error}</div>`:n`<div class="secondary">Loading…</div>`;let e=this._description?.tools.filter(o=>!o.hidden)??[],s=e.find(o=>o.name===this._tool),r=this.hass.user,a=this.users.length?this.users:r?[{id:r.id,name:r.name}]:[];return n`
      <div class="card">
        <h2>Test bench</h2>
        <p class="secondary">
          Runs a tool the way a model's call runs it: through the API, with its checks, as the
          user you pick. Tools change things in your home for real.
        </p>
        <div class="pickers">
          <label
            >LLM API
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(o=>o.tools!==null).map(o=>n`<option value=${o.id} ?selected=${o.id===this._api}>
                      ${o.name}${o.hub?"":" (not a hub)"}
                    </option>`)}
            </select></label
          >
          <label
            >Tool
            <select
              name="tool"
              @change=${o=>this._selectTool(o.target.value)}
            >
              ${e.map(o=>n`<option value=${o.name} ?selected=${o.name===this._tool}>
                    ${o.name}
                  </option>`)}
            </select></label
          >
          <label
            >Run as
            <select
              name="user"
              @change=${o=>this._user=o.target.value}
            >
              ${a.map(o=>n`<option value=${o.id} ?selected=${o.id===this._user}>
                    ${o.name}${o.id===r?.id?" (you)":""}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${s?n`<div class="card">
            <h2>${s.title||s.name}</h2>
            <p>${s.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${s.parameters}
              .selectors=${s.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?n`<div class="alert error">${this._argsError}</div>`:c}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${this._running?"Running…":"Run"}
            </button>
          </div>`:this._description?n`<div class="card secondary">This API lists no tools for you.</div>`:c}
      ${this._error?n`<div class="alert error result-error">${this._error}</div>`:c}
      ${this._result?this._renderResult(this._result):c}
    `}_renderResult(e){let s=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4;return n`<div class="card result">
      <h2>Result</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">${le(e.outcome)}</div>
          <div class="label">outcome</div>
        </div>
        <div class="figure">
          <div class="value duration">${e.duration_ms.toLocaleString()} ms</div>
          <div class="label">time</div>
        </div>
        <div class="figure">
          <div class="value">${Math.ceil(s.length/r).toLocaleString()}</div>
          <div class="label">tokens (estimated)</div>
        </div>
      </div>
      <div class="secondary">Result data:</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">What the model reads (${s.length.toLocaleString()} characters):</div>
      <pre class="read">${s}</pre>
    </div>`}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(s){this._error=A(s)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=A(e)}finally{this._running=!1}}};$.styles=[w,b`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],d([m({attribute:!1})],$.prototype,"hass",2),d([m({attribute:!1})],$.prototype,"users",2),d([m()],$.prototype,"apiId",2),d([m()],$.prototype,"toolName",2),d([p()],$.prototype,"_apis",2),d([p()],$.prototype,"_description",2),d([p()],$.prototype,"_api",2),d([p()],$.prototype,"_tool",2),d([p()],$.prototype,"_user",2),d([p()],$.prototype,"_args",2),d([p()],$.prototype,"_argsError",2),d([p()],$.prototype,"_running",2),d([p()],$.prototype,"_result",2),d([p()],$.prototype,"_error",2),d([Le("llm-hub-schema-form")],$.prototype,"_form",2),$=d([x("llm-hub-bench")],$);var ut="llm_hub-",de=100,mt=["APIs and instructions","Tools","Safety","Tool names and descriptions","Limits and logging","Tool search"],y=class extends v{constructor(){super(...arguments);this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._rows=de;this._providers={};this._timer=new T(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._rows=de,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){if(this._error)return n`<div class="alert error">${this._error}</div>`;let e=this._description;if(!e)return n`<div class="secondary">Loading…</div>`;let{api:s,size:r,search:a}=e,o=e.tools.filter(l=>l.hidden).length,h=s.hub?s.id.slice(ut.length):void 0;return n`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${s.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(s.id)}`} @click=${C}
            ><button>Test bench</button></a
          >
        </div>
        <div class="figures">
          ${this._figure(f(r.tools),"tools listed")}
          ${a?this._figure(f(a.reachable),"tools reachable"):c}
          ${s.hub?this._figure(f(o),"hidden"):c}
          ${this._figure(f(r.prompt_chars+r.tools_chars),"characters")}
          ${this._figure(f(r.tokens),"tokens (estimated)")}
          ${r.max_tools!==void 0?this._figure(f(r.max_tools),"tool limit"):c}
        </div>
        ${a?n`<p class="mode">
              Tool mode: <strong>${ne(a)}</strong>.
              ${a.active?n`The model is handed ${f(a.listed)} tools
                    (${a.meta_tools.join(", ")}${a.listed>a.meta_tools.length?", and the tools always listed":""})
                    and reaches all ${f(a.reachable)} through search.`:n`The model is handed all ${f(a.listed)} tools.`}
            </p>`:c}
        ${r.over_limit?n`<div class="alert">
              ${s.name} lists ${r.tools} tools, more than its limit of ${r.max_tools}:
              some models refuse that many. Leave tools out in its options.
            </div>`:c}
        ${r.over_client_limit?n`<div class="alert client-limit">
              ${s.name} lists ${r.tools} tools: some MCP clients, such as Cursor, keep only
              the first ${r.client_limit}.
              ${s.hub?"Choose a search mode under Tool search, or leave tools out under Tools.":""}
            </div>`:c}
        <div class="secondary"><code>${s.id}</code> · tokens: ${r.estimator}</div>
        ${h?n`<p>
              Options:
              ${mt.map((l,u)=>n`${u?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${h}`}
                    title="Settings → LLM Hub → ${s.name} → Configure → ${l}"
                    @click=${C}
                    >${l}</a
                  >`)}
            </p>`:c}
      </div>
      <div class="card">
        <h2>Prompt</h2>
        <p class="secondary">What the model reads before your request (for you, in your language).</p>
        <pre class="prompt">${e.prompt||"(no prompt)"}</pre>
      </div>
      <div class="card tools-card">
        <h2>Tools</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder="Filter by name, original name or source"
            .value=${this._filter}
            @input=${l=>this._filter=l.target.value}
          />
          ${s.hub?n`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${l=>this._showHidden=l.target.checked}
                />
                Show hidden tools</label
              >`:c}
        </div>
        ${this._toolsTable(e.tools,s.hub,!!a?.active)}
      </div>
    `}_figure(e,s){return n`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${s}</div>
    </div>`}_toolsTable(e,s,r){let a=this._filter.trim().toLowerCase(),o=e.filter(h=>(this._showHidden||!h.hidden)&&(!a||[h.name,h.original_name,h.source.integration,h.source.api,h.source.api_name].some(l=>l?.toLowerCase().includes(a))));return n`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>Listed name</th>
          ${r?n`<th>Model gets</th>`:c}
          <th>Original name and source</th>
          <th>Annotations</th>
          ${s?n`<th>Confirmation</th>
                <th>Hidden</th>
                <th>Schema changes</th>`:c}
          <th class="number">Tokens</th>
        </tr>
      </thead>
      <tbody>
        ${o.slice(0,this._rows).map(h=>this._toolRow(h,s,r))}
      </tbody>
    </table></div>
    ${o.length===0?n`<p class="secondary">No tool matches.</p>`:c}
    ${o.length>this._rows?n`<div class="toolbar more">
          <span class="secondary grow"
            >Showing ${f(this._rows)} of ${f(o.length)} tools${a?" that match":""}.</span
          >
          <button class="show-more" @click=${()=>this._rows+=de}>
            Show ${f(Math.min(de,o.length-this._rows))} more
          </button>
          <button class="show-all" @click=${()=>this._rows=o.length}>Show all</button>
        </div>`:c}`}_toolRow(e,s,r){let a=e.key??e.name,o=this._open===a,h=(s?7:4)+(r?1:0);return n`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${o?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${D(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?n`<div class="secondary">${e.title}</div>`:c}
        </td>
        ${r?n`<td class="listing">${this._listing(e)}</td>`:c}
        <td>
          <code>${D(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${We(e.annotations)}</td>
        ${s?n`<td>
                ${e.confirm?n`<span class="badge warning">needs confirmation</span>
                      ${e.confirm_reason?n`<div class="secondary">${e.confirm_reason}</div>`:c}`:c}
              </td>
              <td class="reason">
                ${e.hidden?n`<span class="badge">hidden</span> ${e.hidden}`:c}
              </td>
              <td>
                ${e.schema_fixes?.length?n`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${e.schema_fixes.length} change${e.schema_fixes.length>1?"s":""}</span
                    >`:c}
              </td>`:c}
        <td class="number">${f(e.size.tokens)}</td>
      </tr>
      ${o?n`<tr class="details">
            <td colspan=${h}>${this._details(e)}</td>
          </tr>`:c}`}_listing(e){return e.hidden?c:e.meta?n`<span class="badge info">listed: tool search</span>`:e.listed?n`<span class="badge info">listed</span>`:n`<span class="badge">through search</span>`}_source(e){if(e.meta)return`tool search of ${e.source.api_name??e.source.api}`;let{integration:s}=e.source,r=e.source.api_name??e.source.api;return r&&s?`${s}, through ${r}`:r?`through ${r}`:s?`${s} (contributed)`:""}_details(e){let s=this._providers[e.name];return n`
      <p>${e.description||n`<span class="secondary">(no description)</span>`}</p>
      ${e.schema_fixes?.length?n`<div class="secondary">Schema changes made so every provider accepts it:</div>
            <ul>
              ${e.schema_fixes.map(r=>n`<li>${r}</li>`)}
            </ul>`:c}
      ${e.parameters_error?n`<div class="alert error">Parameters: ${e.parameters_error}</div>`:n`<div class="secondary">Parameters (JSON Schema, as agents convert them):</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?n`<p class="secondary">
            Not handed to the model: it finds this tool with search_tools and calls it through
            call_tool (call_read_only_tool for a read-only tool), with the same checks.
          </p>`:c}
      ${e.hidden||!e.listed?c:n`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${C}
                ><button class="primary">Try it in the test bench</button></a
              >
            </div>
            <div class="secondary">What each provider's agent in Home Assistant sends:</div>
            ${s===void 0?n`<div class="secondary">Loading…</div>`:typeof s=="string"?n`<div class="alert error">${s}</div>`:n`<div class="providers">
                    ${Object.entries(s.providers).map(([r,a])=>n`<div class="provider" data-provider=${r}>
                        <strong>${a.name}</strong>
                        ${a.error?n`<div class="secondary">${a.error}</div>`:n`<pre>${JSON.stringify(a.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let s=e.key??e.name;if(this._open=this._open===s?void 0:s,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:A(r)}}}};y.styles=[w,b`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],d([m({attribute:!1})],y.prototype,"hass",2),d([m()],y.prototype,"apiId",2),d([m()],y.prototype,"prefix",2),d([p()],y.prototype,"_description",2),d([p()],y.prototype,"_error",2),d([p()],y.prototype,"_filter",2),d([p()],y.prototype,"_showHidden",2),d([p()],y.prototype,"_open",2),d([p()],y.prototype,"_rows",2),d([p()],y.prototype,"_providers",2),y=d([x("llm-hub-view")],y);var O=class extends v{constructor(){super(...arguments);this.prefix="";this._timer=new T(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){if(this._error)return n`<div class="alert error">${this._error}</div>`;if(!this._list)return n`<div class="secondary">Loading…</div>`;let e=this._list.apis.filter(r=>r.hub),s=this._list.apis.filter(r=>!r.hub);return n`
      <div class="card">
        <h2>Hubs</h2>
        ${e.length?this._table(e,!0):n`<p class="secondary">
              No hub yet: add one in Settings → Devices &amp; services → Add integration →
              LLM Hub.
            </p>`}
      </div>
      <div class="card">
        <h2>Other LLM APIs</h2>
        ${this._table(s,!1)}
      </div>
      <p class="secondary">
        Sizes are what a model gets, built for you: prompt and tool definitions; tokens are
        estimated (${this._list.estimator}). Calls are those of the last 24 hours, counted
        since Home Assistant started (${new Date(this._list.since).toLocaleString()}).
        <button @click=${this._reload}>Refresh</button>
      </p>
    `}_table(e,s){return n`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>Name</th>
          ${s?n`<th>Tool mode</th>`:c}
          <th class="number">${s?"Tools listed":"Tools"}</th>
          ${s?n`<th class="number">Reachable</th>
                <th class="number">Hidden</th>`:c}
          <th class="number">Characters</th>
          <th class="number">Tokens (est.)</th>
          ${s?n`<th>Warnings</th>
                <th class="number">Calls (24 h)</th>`:c}
        </tr>
      </thead>
      <tbody>
        ${e.map(r=>n`<tr
            class="clickable"
            data-api=${r.id}
            @click=${()=>we(`${this.prefix}/hub/${encodeURIComponent(r.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(r.id)}`} @click=${C}
                >${r.name}</a
              >
              <div class="secondary"><code>${r.id}</code></div>
            </td>
            ${s?n`<td class="mode">${ne(r.search)}</td>`:c}
            <td class="number">${f(r.tools)}</td>
            ${s?n`<td class="number">${f(r.search?.reachable)}</td>
                  <td class="number">${f(r.hidden)}</td>`:c}
            <td class="number">
              ${r.prompt_chars===null?"–":f((r.prompt_chars??0)+(r.tools_chars??0))}
            </td>
            <td class="number">${f(r.tokens)}</td>
            ${s?n`<td>${this._warnings(r)}</td>
                  <td class="number">${f(r.calls_24h)}</td>`:c}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){return n`
      ${e.state!=="loaded"?n`<span class="badge error">${e.state.replaceAll("_"," ")}</span>`:c}
      ${e.error?n`<span class="badge error" title=${e.error}>cannot be built</span>`:c}
      ${e.over_limit?n`<span class="badge warning" title="More tools than the hub's limit"
            >over the limit of ${e.max_tools}</span
          >`:c}
      ${e.over_client_limit?n`<span
            class="badge warning"
            title="Some MCP clients, such as Cursor, keep only the first ${this._list.client_limit} tools"
            >over ${this._list.client_limit} tools</span
          >`:c}
      ${e.repairs.length?n`<a href="/config/repairs" @click=${C}
            ><span class="badge warning"
              >${e.repairs.length} repair${e.repairs.length>1?"s":""}</span
            ></a
          >`:c}
    `}_reload(){this._timer.restart(),this._load()}};O.styles=w,d([m({attribute:!1})],O.prototype,"hass",2),d([m()],O.prototype,"prefix",2),d([p()],O.prototype,"_list",2),d([p()],O.prototype,"_error",2),O=d([x("llm-hub-hubs")],O);var gt=[{path:"hubs",label:"Hubs"},{path:"bench",label:"Test bench"},{path:"activity",label:"Activity"},{path:"approvals",label:"Approvals"}],P=class extends v{constructor(){super(...arguments);this.narrow=!1;this._users=[];this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(s=>s.is_active&&!s.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(s=>s).map(s=>decodeURIComponent(s))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass)return c;if(this._approvalsOnly)return n`
        <header>
          ${this.narrow?n`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:c}
          <div class="title">LLM Hub approvals</div>
        </header>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[e="hubs",s]=this._parts,r=e==="hub"?"hubs":e;return n`
      <header>
        ${this.narrow?n`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:c}
        <div class="title">LLM Hub</div>
        <nav>
          ${gt.map(a=>n`<a
              class=${a.path===r?"tab active":"tab"}
              href=${`${this._prefix}/${a.path}`}
              data-tab=${a.path}
              @click=${C}
              >${a.label}</a
            >`)}
        </nav>
      </header>
      <main>${this._view(e,s)}</main>
    `}_view(e,s){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return n`<llm-hub-view
          .hass=${this.hass}
          .apiId=${s??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return n`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return n`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return n`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return n`<llm-hub-hubs .hass=${this.hass} .prefix=${this._prefix}></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};P.styles=[w,b`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],d([m({attribute:!1})],P.prototype,"hass",2),d([m({type:Boolean,reflect:!0})],P.prototype,"narrow",2),d([m({attribute:!1})],P.prototype,"route",2),d([m({attribute:!1})],P.prototype,"panel",2),d([p()],P.prototype,"_users",2),P=d([x("llm-hub-panel")],P);export{P as LlmHubPanel};
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
